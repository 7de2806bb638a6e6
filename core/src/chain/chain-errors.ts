import { AppError } from '../errors/app-error';

/** A chain-action failure with a stable `type` and its HTTP status (mapped by the one error middleware). */
export class ChainActionError extends AppError {
  constructor(
    type: 'chain.invalid_action' | 'chain.duplicate_tx' | 'chain.action_not_found' | 'chain.not_retryable',
    message: string,
    status: 400 | 404 | 409 = 400,
  ) {
    super(status, type, message);
    this.name = 'ChainActionError';
  }
}
