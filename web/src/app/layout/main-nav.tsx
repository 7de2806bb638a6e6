import { useEffect, useRef, useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/external-link';
import { EXTERNAL_LINKS } from '../../lib/external-links';
import { navTree, selectedNavKey, type NavEntry } from './nav-items';

function Entry({ entry, selected }: { entry: NavEntry; selected: string | null }) {
  if (entry.external) return <ExternalLink href={EXTERNAL_LINKS[entry.external]}>{entry.label}</ExternalLink>;
  return (
    <Link to={entry.key} aria-current={selected === entry.key ? 'page' : undefined}>
      {entry.label}
    </Link>
  );
}

/** A menu entry with children: a button that opens its links below it (click, Escape or a click away closes). */
function SubMenu({ entry, selected }: { entry: NavEntry; selected: string | null }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  const active = entry.children!.some((c) => c.key === selected);
  const id = `cr-nav-${entry.key}`;
  return (
    <li ref={ref} className={active ? 'cr-nav__item cr-nav__item--active' : 'cr-nav__item'}>
      <button
        type="button"
        className="cr-nav__sub"
        aria-expanded={open}
        aria-haspopup="menu"
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {entry.label}
        <DownOutlined aria-hidden="true" className="cr-submenu-caret" />
      </button>
      {open && (
        <ul id={id} role="menu" className="cr-nav__popup">
          {entry.children!.map((c) => (
            <li
              key={c.key}
              role="menuitem"
              className={selected === c.key ? 'cr-nav__popup-item--active' : undefined}
              onClick={() => setOpen(false)}
            >
              <Entry entry={c} selected={selected} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The main navigation above 992 px, in plain HTML: links, and two entries that open their links on click.
 * (antd's Menu and its overflow measuring are not needed on the first page; the drawer below 992 px uses it.)
 */
export function MainNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedNavKey(pathname);
  return (
    <ul className="cr-nav">
      {navTree(t).map((entry) =>
        entry.children ? (
          <SubMenu key={entry.key} entry={entry} selected={selected} />
        ) : (
          <li
            key={entry.key}
            className={selected === entry.key ? 'cr-nav__item cr-nav__item--active' : 'cr-nav__item'}
          >
            <Entry entry={entry} selected={selected} />
          </li>
        ),
      )}
    </ul>
  );
}
