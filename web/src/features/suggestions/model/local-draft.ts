import type { FormValues } from './form-values';

/** localStorage key prefix of what the form holds on this device (never sent anywhere). */
const PREFIX = 'suggestion-form:';

export interface LocalCopy {
  values: FormValues;
  /** When it was written (ms since epoch). */
  savedAt: number;
  /** The suggestion version the edit started from (edit forms). */
  baseVersion?: number;
}

/** Which form a local copy belongs to: a new suggestion, a server draft, or the edit of a posted suggestion. */
export const localKey = (kind: 'new' | 'draft' | 'edit', id?: string) =>
  `${PREFIX}${kind}${id ? `:${id}` : ''}`;

export function readLocalCopy(key: string): LocalCopy | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalCopy;
    return parsed && typeof parsed.savedAt === 'number' && parsed.values ? parsed : null;
  } catch {
    return null; // a damaged copy is as good as none
  }
}

/** Writes the copy; returns false when the browser refuses (storage full or disabled). */
export function writeLocalCopy(key: string, copy: LocalCopy): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalCopy(key: string): void {
  localStorage.removeItem(key);
}
