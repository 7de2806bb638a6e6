import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';

export interface Crumb {
  title: string;
  to?: string;
}

interface PageHeaderProps {
  title: string;
  /** Trail above the title; "Home" is added in front. */
  breadcrumbs?: Crumb[];
  subtitle?: ReactNode;
  /** Actions on the right (buttons). */
  extra?: ReactNode;
  /**
   * The title stands in for one still loading: on a phone it keeps the height of two lines, what most record
   * titles wrap to there, so the page below moves as little as possible when the real one arrives.
   */
  titlePending?: boolean;
}

/** Breadcrumbs, the page's one h1, an optional lead paragraph and actions; also sets the tab title. */
export function PageHeader({ title, breadcrumbs = [], subtitle, extra, titlePending }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(title, typeof subtitle === 'string' ? subtitle : undefined);
  const items = [{ title: t('nav.home'), to: paths.home() }, ...breadcrumbs].map((c, i, all) => ({
    key: `${i}`,
    title: c.to && i < all.length - 1 ? <Link to={c.to}>{c.title}</Link> : c.title,
  }));
  return (
    <header className="cr-page-header">
      {breadcrumbs.length > 0 && (
        <nav aria-label={t('common.breadcrumb')}>
          <Breadcrumb items={items} />
        </nav>
      )}
      <div className="cr-page-header__row">
        <div className="cr-page-header__text">
          {/* Plain elements, not antd's Typography: the first screen of most pages then loads none of it. */}
          <h1 className={titlePending ? 'cr-page-title cr-page-title--pending' : 'cr-page-title'}>{title}</h1>
          {subtitle && <div className="cr-page-subtitle">{subtitle}</div>}
        </div>
        {extra && <div className="cr-page-header__extra">{extra}</div>}
      </div>
    </header>
  );
}
