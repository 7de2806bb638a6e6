import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-logo';
import { useAuth } from '../../lib/auth-store';
import { LanguageSwitch } from './language-switch';
import { MainNav } from './main-nav';
import { selectedNavKey } from './nav-items';
import { paths } from '../../lib/paths';

// Not on a first visit's critical path: the account menu only for a signed-in member (it brings the dropdown and
// the live socket), the drawer only once the menu button is tapped.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const InboxButton = lazy(() =>
  import('../../features/inbox/components/inbox-button').then((m) => ({ default: m.InboxButton })),
);
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));

/** Top bar (brand, language, account) and the main navigation; below 992 px the navigation moves to a drawer. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { is_login } = useAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  useEffect(() => setDrawerOpen(false), [pathname]);

  const selected = selectedNavKey(pathname);
  const loginButton = (
    <Link to={paths.login()} className="cr-login-link">
      <Button type="primary">{t('nav.login')}</Button>
    </Link>
  );

  return (
    <header className="cr-header">
      <div className="cr-topbar">
        <div className="cr-container cr-topbar__inner">
          <Link to={paths.home()} className="cr-brand">
            <BrandMark size={34} />
            <span className="cr-brand__text">
              <span className="cr-brand__name">{t('app.name')}</span>
              <span className="cr-brand__tagline">{t('app.tagline')}</span>
            </span>
          </Link>
          <div className="cr-topbar__actions">
            <div className="cr-hide-mobile">
              <LanguageSwitch dark />
            </div>
            {is_login ? (
              <Suspense fallback={<span className="cr-account-placeholder" aria-hidden="true" />}>
                <InboxButton />
                <AccountMenu />
              </Suspense>
            ) : (
              loginButton
            )}
            <Button
              className="cr-hamburger"
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('nav.openMenu')}
              aria-expanded={drawerOpen}
              aria-controls="cr-mobile-nav"
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            />
          </div>
        </div>
      </div>
      <nav className="cr-navbar" aria-label={t('nav.main')}>
        <div className="cr-container">
          <MainNav />
        </div>
      </nav>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNav open={drawerOpen} selected={selected} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
