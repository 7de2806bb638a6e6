import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ProgramNotices } from '../../features/site/components/program-notices';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Skip link, header, notices, the page, footer. After a navigation, focus moves to the new page's content. */
export function AppLayout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="cr-app">
      <a
        href="#main-content"
        className="cr-skip-link"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <ProgramNotices />
      <main id="main-content" ref={mainRef} tabIndex={-1} className="cr-main">
        <div className="cr-container">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
