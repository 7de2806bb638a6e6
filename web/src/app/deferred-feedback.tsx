import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';

export type FeedbackApi = useAppProps;

const FeedbackHolders = lazy(() =>
  import('./feedback-holders').then((m) => ({ default: m.FeedbackHolders })),
);

let real: FeedbackApi | null = null;
let wanted = false;
const waiting: Array<(api: FeedbackApi) => void> = [];
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

function ready(api: FeedbackApi) {
  real = api;
  waiting.splice(0).forEach((run) => run(api));
}

/**
 * A call to `message`, `notification` or `modal` before antd's holders are there waits for them (it loads them at
 * once) and resolves to what antd's call returns; every later call goes straight to antd.
 */
function deferred<K extends keyof FeedbackApi>(part: K): FeedbackApi[K] {
  return new Proxy({} as FeedbackApi[K], {
    get:
      (_, method: string) =>
      (...args: unknown[]) => {
        const call = (api: FeedbackApi) =>
          (api[part] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
        if (real) return call(real);
        want();
        return new Promise((resolve) => waiting.push((api) => resolve(call(api))));
      },
  });
}

const api: FeedbackApi = {
  message: deferred('message'),
  notification: deferred('notification'),
  modal: deferred('modal'),
};

/**
 * antd's `App` (its root class and styles, `App.useApp()` for message, notification and modal) with the three
 * feedback holders loaded after the first page shows, or at the first call: they are not part of the JavaScript
 * a first visit waits for. Pages call them through `useFeedback()` (lib/use-feedback.ts), antd's `App.useApp()`.
 */
export function DeferredFeedback({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [load, setLoad] = useState(wanted);
  useEffect(() => {
    const start = () => setLoad(true);
    listeners.add(start);
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    idle(want);
    return () => void listeners.delete(start);
  }, []);
  return (
    <AppContext.Provider value={api}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>{children}</div>
      {load && (
        <Suspense fallback={null}>
          <FeedbackHolders onReady={ready} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
