import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { ExternalLink } from '../../components/external-link';
import { EXTERNAL_LINKS } from '../../lib/external-links';
import { paths } from '../../lib/paths';

type MenuItems = NonNullable<MenuProps['items']>;

/** One entry of the main navigation: a page (key = its path), an outside link, or a group of entries. */
export interface NavEntry {
  key: string;
  label: string;
  external?: keyof typeof EXTERNAL_LINKS;
  children?: NavEntry[];
}

/**
 * The main navigation of spec §2: council, whitepaper, funding, suggestions, ELIPs, proposals, what's new,
 * resources (validators, news, forum, blog, docs), My Republic. Keys are the paths, so the current page is
 * marked.
 */
export function navTree(t: TFunction): NavEntry[] {
  const link = (to: string, label: string): NavEntry => ({ key: to, label });
  const external = (key: keyof typeof EXTERNAL_LINKS, label: string): NavEntry => ({
    key: `ext:${key}`,
    label,
    external: key,
  });
  return [
    {
      key: 'council',
      label: t('nav.council'),
      children: [
        link(paths.council(), t('nav.councilMembers')),
        link(paths.candidates(), t('nav.candidates')),
        link(paths.treasury(), t('nav.treasury')),
      ],
    },
    link(paths.whitepaper(), t('nav.whitepaper')),
    link(paths.funding(), t('nav.funding')),
    link(paths.suggestions(), t('nav.suggestions')),
    link(paths.elips(), t('nav.elips')),
    link(paths.proposals(), t('nav.proposals')),
    link(paths.whatsNew(), t('nav.whatsNew')),
    {
      key: 'resources',
      label: t('nav.resources'),
      children: [
        external('validators', t('nav.validators')),
        external('news', t('nav.news')),
        external('forum', t('nav.forum')),
        external('blog', t('nav.blog')),
        external('docs', t('nav.docs')),
      ],
    },
    link(paths.profileInfo(), t('nav.myRepublic')),
  ];
}

/** A submenu title with a small caret, so it reads as a menu that opens. */
function withCaret(label: string) {
  return (
    <span className="cr-submenu-title">
      {label}
      <DownOutlined aria-hidden="true" className="cr-submenu-caret" />
    </span>
  );
}

/** The same navigation as antd Menu items (the drawer below 992 px). */
export function navItems(t: TFunction): MenuItems {
  const item = (e: NavEntry): MenuItems[number] =>
    e.children
      ? { key: e.key, label: withCaret(e.label), children: e.children.map(item) }
      : {
          key: e.key,
          label: e.external ? (
            <ExternalLink href={EXTERNAL_LINKS[e.external]}>{e.label}</ExternalLink>
          ) : (
            <Link to={e.key}>{e.label}</Link>
          ),
        };
  return navTree(t).map(item);
}

/** Which menu entry the current path belongs to (its key). */
export function selectedNavKey(pathname: string): string | null {
  const rules: Array<[RegExp, string]> = [
    [/^\/(council|position)(\/|$)/, paths.council()],
    [/^\/candidates(\/|$)/, paths.candidates()],
    [/^\/treasury(\/|$)/, paths.treasury()],
    [/^\/whitepaper(\/|$)/, paths.whitepaper()],
    [/^\/funding(\/|$)/, paths.funding()],
    [/^\/suggestions?(\/|$)/, paths.suggestions()],
    [/^\/elips(\/|$)/, paths.elips()],
    [/^\/(proposals|cvote)(\/|$)/, paths.proposals()],
    [/^\/whats-new(\/|$)/, paths.whatsNew()],
    [/^\/profile(\/|$)/, paths.profileInfo()],
  ];
  return rules.find(([re]) => re.test(pathname))?.[1] ?? null;
}
