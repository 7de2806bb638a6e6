import { Drawer, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';
import { navItems } from './nav-items';

/** The navigation below 992 px: a drawer, loaded on the first tap of the menu button (not on first paint). */
export function MobileNav({
  open,
  selected,
  onClose,
}: {
  open: boolean;
  selected: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      id="cr-mobile-nav"
      title={t('nav.menu')}
      placement="right"
      size={300}
      open={open}
      onClose={onClose}
    >
      <nav aria-label={t('nav.main')}>
        <Menu
          mode="inline"
          items={navItems(t)}
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
  );
}
