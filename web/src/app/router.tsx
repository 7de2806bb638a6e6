import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { LazyPage } from '../components/lazy-page';
import { LazyNotFoundPage, LazyRouteErrorPage } from '../components/lazy-error-pages';
import { RequireAuth } from '../features/auth/components/require-auth';
import { AppLayout } from './layout/app-layout';
import { PAGE_ROUTES, type PageRoute } from './routes';

function pageElement(route: PageRoute) {
  // Keyed by path so moving between pages never carries one page's error or retry state into another.
  const page = <LazyPage key={route.path} load={route.load} />;
  if (route.access === 'member') return <RequireAuth key={route.path}>{page}</RequireAuth>;
  if (route.access === 'admin')
    return (
      <RequireAuth key={route.path} role="ADMIN">
        {page}
      </RequireAuth>
    );
  return page;
}

/** The layout with every page inside it, and the 404 page for any other path. */
export function appRouteObjects(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <LazyRouteErrorPage />,
      children: [
        ...PAGE_ROUTES.map((route) => ({ path: route.path, element: pageElement(route) })),
        { path: '*', element: <LazyNotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRouteObjects());
}

/** The same routes in memory, for tests. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(appRouteObjects(), { initialEntries: [initialPath] });
}
