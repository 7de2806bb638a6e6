import { Suspense, useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { MaintenancePage } from '../components/maintenance-page';
import { PageLoading } from '../components/page-loading';
import { AppProviders } from './app-providers';
import { boot, type BootOutcome } from './boot';
import { createAppRouter } from './router';
import { ERROR_NAMESPACES, loadNamespaces, MESSAGE_NAMESPACES } from '../lib/i18n';

type AppState = 'booting' | BootOutcome;

let router: ReturnType<typeof createAppRouter> | null = null;

/**
 * Boots (settings, login state), then shows the routed app, or the maintenance page if the api is down. `booted`:
 * start-up already ran (a page sent with its first screen waits for it before the first render, see main.tsx).
 */
export function App({ booted }: { booted?: BootOutcome }) {
  const [state, setState] = useState<AppState>(booted ?? 'booting');
  const start = useCallback(() => {
    setState('booting');
    void boot().then(setState);
  }, []);
  useEffect(() => {
    if (!booted) start();
  }, [booted, start]);
  // The server's first screen (inert: a preview nothing can be typed into) has just been drawn over: live now.
  useLayoutEffect(() => {
    const container = document.getElementById('root');
    container?.removeAttribute('inert');
    container?.removeAttribute('data-prerendered');
  }, []);
  useEffect(() => {
    if (state !== 'ready') return;
    // The words of a refused call (api-messages.ts), once the first page is up: until then such a refusal shows
    // the server's own sentence.
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    idle(() => void loadNamespaces([...ERROR_NAMESPACES, ...MESSAGE_NAMESPACES]).catch(() => undefined));
  }, [state]);

  return (
    <AppFrame>
      {state === 'ready' ? (
        <RouterProvider router={(router ??= createAppRouter())} />
      ) : state === 'maintenance' ? (
        <MaintenancePage onRetry={start} />
      ) : (
        <PageLoading fullScreen />
      )}
    </AppFrame>
  );
}

/**
 * What surrounds the app's content, here and in the server's render of a first screen (web/src/prerender): the
 * same tree above the page on both sides, so the browser can take the server's HTML over as it is (hydrate).
 * `children` is one element: a list there would change the ids React gives (antd's class names come from them).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  // The shared texts of the reader's language arrive while the app boots; until both are there, the skeleton.
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <AppProviders>{children}</AppProviders>
    </Suspense>
  );
}
