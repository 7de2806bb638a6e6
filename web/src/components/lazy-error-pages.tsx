import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';

// The 404, 403 and last-resort error pages use antd's Result and its illustrations: loaded when one is shown,
// not with every first visit.
const NotFound = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
const Forbidden = lazy(() => import('./forbidden-page').then((m) => ({ default: m.ForbiddenPage })));
const RouteError = lazy(() => import('./route-error-page').then((m) => ({ default: m.RouteErrorPage })));

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFound />
    </Suspense>
  );
}

export function LazyForbiddenPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Forbidden />
    </Suspense>
  );
}

export function LazyRouteErrorPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <RouteError />
    </Suspense>
  );
}
