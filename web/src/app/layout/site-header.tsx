import { useEffect, useState } from 'react';
import { Button, Drawer, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-logo';
import { useAuth } from '../../lib/auth-store';
import { InboxButton } from '../../features/inbox/components/inbox-button';
import { AccountMenu } from './account-menu';
import { LanguageSwitch } from './language-switch';
import { navItems, selectedNavKey } from './nav-items';
import { paths } from '../../lib/paths';

/** Top bar (brand, language, account) and the main navigation; below 992 px the navigation moves to a drawer. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { is_login } = useAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [pathname]);

  const selected = selectedNavKey(pathname);
  const items = navItems(t);
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
            {is_login && <InboxButton />}
            {is_login ? <AccountMenu /> : loginButton}
            <Button
              className="cr-hamburger"
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('nav.openMenu')}
              aria-expanded={drawerOpen}
              aria-controls="cr-mobile-nav"
              onClick={() => setDrawerOpen(true)}
            />
          </div>
        </div>
      </div>
      <nav className="cr-navbar" aria-label={t('nav.main')}>
        <div className="cr-container">
          <Menu
            mode="horizontal"
            items={items}
            selectedKeys={selected ? [selected] : []}
            triggerSubMenuAction="click"
            className="cr-navmenu"
          />
        </div>
      </nav>
      <Drawer
        id="cr-mobile-nav"
        title={t('nav.menu')}
        placement="right"
        size={300}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
      >
        <nav aria-label={t('nav.main')}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            defaultOpenKeys={['council', 'resources']}
            className="cr-drawer-menu"
          />
        </nav>
        <div className="cr-drawer-footer">
          <span className="cr-drawer-footer__label">{t('nav.language')}</span>
          <LanguageSwitch />
        </div>
      </Drawer>
    </header>
  );
}
