import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { sameValues, type FormValues } from '../model/form-values';
import { clearLocalCopy, readLocalCopy, writeLocalCopy, type LocalCopy } from '../model/local-draft';

const AUTOSAVE_MS = 600;

export interface FormSession {
  values: FormValues;
  setValues(values: FormValues): void;
  /** Differs from the last state saved on the server. */
  dirty: boolean;
  /** When the values were last written to this device, or null. */
  localSavedAt: number | null;
  /** A copy found on this device that differs from what was loaded (offered to the member), or null. */
  pendingLocal: LocalCopy | null;
  restoreLocal(): void;
  discardLocal(): void;
  /** After a successful save: the saved values become the baseline and the device copy is removed. */
  markSaved(values: FormValues, nextLocalKey?: string): void;
  /** Call before leaving on purpose (after posting), so the unsaved-changes guard does not ask. */
  allowLeave(): void;
  blocker: ReturnType<typeof useBlocker>;
}

/**
 * The state of one suggestion form: the values, what the server last saved (for the unsaved-changes guard),
 * and a copy on this device written as the member types, so nothing typed is lost to a crash or a closed tab.
 * `loaded` is the server state; a device copy that differs from it is restored at once when the server has
 * nothing (`autoRestore`), otherwise offered.
 */
export function useFormSession(localKey: string, loaded: FormValues, autoRestore: boolean): FormSession {
  const [key, setKey] = useState(localKey);
  const [baseline, setBaseline] = useState<FormValues>(loaded);
  const [values, setValuesState] = useState<FormValues>(() => {
    const local = readLocalCopy(localKey);
    return autoRestore && local && !sameValues(local.values, loaded) ? local.values : loaded;
  });
  const [pendingLocal, setPendingLocal] = useState<LocalCopy | null>(() => {
    const local = readLocalCopy(localKey);
    return !autoRestore && local && !sameValues(local.values, loaded) ? local : null;
  });
  const [localSavedAt, setLocalSavedAt] = useState<number | null>(() =>
    autoRestore ? (readLocalCopy(localKey)?.savedAt ?? null) : null,
  );
  const leaving = useRef(false);
  const dirty = !sameValues(values, baseline);

  // Written shortly after the member stops typing; only while it differs from the server's copy.
  useEffect(() => {
    if (!dirty || pendingLocal) return;
    const timer = setTimeout(() => {
      const savedAt = Date.now();
      if (writeLocalCopy(key, { values, savedAt })) setLocalSavedAt(savedAt);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, key, pendingLocal]);

  // Closing the tab or reloading with unsaved changes asks first (the device copy is kept either way).
  useEffect(() => {
    if (!dirty) return;
    const handler = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const setValues = useCallback((v: FormValues) => setValuesState(v), []);
  return {
    values,
    setValues,
    dirty,
    localSavedAt,
    pendingLocal,
    restoreLocal: () => {
      if (pendingLocal) setValuesState(pendingLocal.values);
      setLocalSavedAt(pendingLocal?.savedAt ?? null);
      setPendingLocal(null);
    },
    discardLocal: () => {
      clearLocalCopy(key);
      setPendingLocal(null);
    },
    markSaved: (saved, nextLocalKey) => {
      clearLocalCopy(key);
      if (nextLocalKey && nextLocalKey !== key) {
        clearLocalCopy(nextLocalKey);
        setKey(nextLocalKey);
      }
      setBaseline(saved);
      setLocalSavedAt(null);
    },
    allowLeave: () => {
      leaving.current = true;
    },
    blocker,
  };
}
