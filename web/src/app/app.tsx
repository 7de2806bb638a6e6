import { useCallback, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { MaintenancePage } from '../components/maintenance-page';
import { PageLoading } from '../components/page-loading';
import { AppProviders } from './app-providers';
import { boot, type BootOutcome } from './boot';
import { createAppRouter } from './router';

type AppState = 'booting' | BootOutcome;

let router: ReturnType<typeof createAppRouter> | null = null;

/** Boots (settings, login state), then shows the routed app, or the maintenance page if the api is down. */
export function App() {
  const [state, setState] = useState<AppState>('booting');
  const start = useCallback(() => {
    setState('booting');
    void boot().then(setState);
  }, []);
  useEffect(start, [start]);

  return (
    <AppProviders>
      {state === 'booting' && <PageLoading fullScreen />}
      {state === 'maintenance' && <MaintenancePage onRetry={start} />}
      {state === 'ready' && <RouterProvider router={(router ??= createAppRouter())} />}
    </AppProviders>
  );
}
