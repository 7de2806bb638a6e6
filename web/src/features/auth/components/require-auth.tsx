import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@cr/contract/user.contract';
import { LazyForbiddenPage } from '../../../components/lazy-error-pages';
import { useAuth } from '../../../lib/auth-store';
import { rememberLoginRedirect } from '../../../lib/login-redirect';
import { paths } from '../../../lib/paths';

/**
 * Guards a page: logged-out visitors go to /login (the page is remembered in sessionStorage `loginRedirect`
 * and opened after signing in); signed-in members below `role` see a 403 page. The server checks again.
 */
export function RequireAuth({ role, children }: { role?: Role; children: ReactNode }) {
  const { is_login, can } = useAuth();
  const location = useLocation();
  if (!is_login) {
    rememberLoginRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={paths.login()} replace />;
  }
  if (role && !can(role)) return <LazyForbiddenPage />;
  return <>{children}</>;
}
