import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { ExternalLink } from '../../components/external-link';
import { EXTERNAL_LINKS } from '../../lib/external-links';

type MenuItems = NonNullable<MenuProps['items']>;

/** A submenu title with a small caret, so it reads as a menu that opens. */
function withCaret(label: string) {
  return (
    <span className="cr-submenu-title">
      {label}
      <DownOutlined aria-hidden="true" className="cr-submenu-caret" />
    </span>
  );
}

/**
 * The main navigation of spec §2: council, whitepaper, funding, suggestions, ELIPs, proposals, what's new,
 * resources (validators, news, forum, blog, docs), My Republic. Keys are the paths, so the current page is
 * marked.
 */
export function navItems(t: TFunction): MenuItems {
  const link = (to: string, label: string) => ({ key: to, label: <Link to={to}>{label}</Link> });
  const external = (key: keyof typeof EXTERNAL_LINKS, label: string) => ({
    key: `ext:${key}`,
    label: <ExternalLink href={EXTERNAL_LINKS[key]}>{label}</ExternalLink>,
  });
  return [
    {
      key: 'council',
      label: withCaret(t('nav.council')),
      children: [link('/council', t('nav.councilMembers')), link('/candidates', t('nav.candidates'))],
    },
    link('/whitepaper', t('nav.whitepaper')),
    link('/funding', t('nav.funding')),
    link('/suggestion', t('nav.suggestions')),
    link('/elips', t('nav.elips')),
    link('/proposals', t('nav.proposals')),
    link('/whats-new', t('nav.whatsNew')),
    {
      key: 'resources',
      label: withCaret(t('nav.resources')),
      children: [
        external('validators', t('nav.validators')),
        external('news', t('nav.news')),
        external('forum', t('nav.forum')),
        external('blog', t('nav.blog')),
        external('docs', t('nav.docs')),
      ],
    },
    link('/profile/info', t('nav.myRepublic')),
  ];
}

/** Which menu entry the current path belongs to (its key). */
export function selectedNavKey(pathname: string): string | null {
  const rules: Array<[RegExp, string]> = [
    [/^\/(council|position)(\/|$)/, '/council'],
    [/^\/candidates(\/|$)/, '/candidates'],
    [/^\/whitepaper(\/|$)/, '/whitepaper'],
    [/^\/funding(\/|$)/, '/funding'],
    [/^\/suggestions?(\/|$)/, '/suggestion'],
    [/^\/elips(\/|$)/, '/elips'],
    [/^\/(proposals|cvote)(\/|$)/, '/proposals'],
    [/^\/whats-new(\/|$)/, '/whats-new'],
    [/^\/profile(\/|$)/, '/profile/info'],
  ];
  return rules.find(([re]) => re.test(pathname))?.[1] ?? null;
}
