import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { useAuthStore } from '../lib/auth-store';
import { changeLanguage, initI18n } from '../lib/i18n';
import { makeCurrentUser } from '../testing/test-user';
import { AppProviders } from './app-providers';
import { createTestRouter } from './router';
import { ROUTES } from '../lib/paths';
import { PAGE_ROUTES } from './routes';

initI18n();

function open(path: string) {
  const router = createTestRouter(path);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  useAuthStore.setState({ user: null });
  await changeLanguage('en');
});

describe('routes', () => {
  it('has every route of the spec table, each once', () => {
    const spec = [
      '/',
      '/home',
      '/whitepaper',
      '/funding',
      '/sso/login',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/terms',
      '/suggestion',
      '/suggestion/create',
      '/suggestion/:id/edit',
      '/suggestion/:id',
      '/suggestions/:id',
      '/suggestion/history/:id',
      '/profile/info',
      '/profile/suggestion',
      '/form/training1',
      '/member/:userId',
      '/admin/users',
      '/admin/profile/:userId',
      '/admin/forms',
      '/admin/suggestion',
      '/admin/permission',
      '/proposals',
      '/cvote/:id',
      '/proposals/:id',
      '/proposals/:id/edit',
      '/council',
      '/position/secretariat/:id',
      '/council/list',
      '/council/detail/:id',
      '/candidates',
    ];
    const paths = PAGE_ROUTES.map((r) => r.path);
    for (const p of spec) expect(paths, p).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('opens every pattern of lib/paths.ts, and nothing else', () => {
    expect(PAGE_ROUTES.map((r) => r.path).sort()).toEqual(Object.values(ROUTES).sort());
  });

  it('an unknown path shows the 404 page inside the site layout', async () => {
    open('/no/such/page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404, not found');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('matches exactly: a known path with an extra segment is not found', async () => {
    open('/whitepaper/extra');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404, not found');
  });

  it('a lazily loaded page renders behind the spinner', async () => {
    open('/whitepaper');
    expect((await screen.findByRole('heading', { level: 1, name: 'Whitepaper' })).textContent).toBe(
      'Whitepaper',
    );
  });

  it('a guarded page sends a logged-out visitor to /login and remembers where they were going', async () => {
    const router = open('/profile/info?tab=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('loginRedirect')).toBe('/profile/info?tab=1');
  });

  it('shows the signed-in member their own profile', async () => {
    useAuthStore.setState({ user: makeCurrentUser({ username: 'ada_lovelace' }) });
    open('/profile/info');
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect((await screen.findAllByText('ada_lovelace')).length).toBeGreaterThan(0);
    // The join date shows in the reader's time zone (MM/DD/YYYY): 2025-03-04T05:06:07Z is
    // 03/03 in the Americas and 03/04 east of them, so the expectation is read in local time too.
    const joined = new Date('2025-03-04T05:06:07.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${pad(joined.getMonth() + 1)}/${pad(joined.getDate())}/${joined.getFullYear()}`;
    expect(await screen.findByText(local)).toBeTruthy();
  });

  it('admin pages refuse a plain member and open for an admin', async () => {
    useAuthStore.setState({ user: makeCurrentUser({ role: 'MEMBER' }) });
    const first = render(
      <AppProviders>
        <RouterProvider router={createTestRouter('/admin/users')} />
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeTruthy();
    first.unmount();
    useAuthStore.setState({ user: makeCurrentUser({ role: 'SUPER_ADMIN' }) });
    open('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  });

  it('a signed-in member opening /login continues to the remembered page', async () => {
    useAuthStore.setState({ user: makeCurrentUser() });
    sessionStorage.setItem('loginRedirect', '/suggestion');
    const router = open('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggestions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/suggestion');
    expect(sessionStorage.getItem('loginRedirect')).toBeNull();
  });
});
