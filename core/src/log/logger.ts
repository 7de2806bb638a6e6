import pino from 'pino';
import { requestIdFields } from '../infra/request-scope';

/**
 * Structured JSON logs; credentials never reach them (redacted by path). A line written while a request (or the
 * chain work it started) is in hand names its request id (`reqId`, infra/request-scope.ts).
 */
export function createLogger(level: string, name = 'api', destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    name,
    level,
    mixin: requestIdFields,
    redact: {
      paths: [
        'req.headers["api-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordConfirm',
        '*.token',
        '*.secret',
        '*.mnemonic',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
