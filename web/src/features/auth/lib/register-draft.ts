import { EMAIL_CODE_TTL_MINUTES } from '@cr/contract/account.contract';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/**
 * What survives a reload of the e-mail registration's code step, in this tab only (sessionStorage): the e-mail the
 * code went to, the details typed on step 1 and when another code may be asked. The password is never kept; the
 * code step asks for it again after a reload.
 */
export interface RegisterDraft {
  email: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  country?: string;
  /** Epoch milliseconds from which the server sends another code. */
  resendAt: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function readRegisterDraft(): RegisterDraft | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.registerDraft) ?? 'null') as Record<
      string,
      unknown
    > | null;
    if (!raw || typeof raw.email !== 'string') return null;
    const resendAt = typeof raw.resendAt === 'number' ? raw.resendAt : 0;
    // Its code has expired by now: start again from the details.
    if (resendAt + EMAIL_CODE_TTL_MINUTES * 60_000 < Date.now()) return null;
    return {
      email: raw.email,
      firstName: text(raw.firstName),
      lastName: text(raw.lastName),
      username: text(raw.username),
      country: text(raw.country),
      resendAt,
    };
  } catch {
    return null;
  }
}

export function saveRegisterDraft(draft: RegisterDraft): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.registerDraft, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, only a reload loses the step.
  }
}

export function clearRegisterDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.registerDraft);
  } catch {
    // Nothing kept.
  }
}
