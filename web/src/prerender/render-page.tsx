/**
 * The server's render of a page's first screen (built by `vite build --ssr`, see web/vite-prerender.ts; used by
 * the api's prerender-pages.ts): the layout and the page as a first visit signed out sees it before any data
 * arrives (its top and loading state), or with its data when the api sends that along (a proposal's), with
 * antd's styles for it. The browser paints this HTML before the app's code arrives; the app then takes it over,
 * hydrating it (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import i18next from 'i18next';
import type { SiteSettings } from '@cr/contract/site.contract';
import { AppFrame } from '../app/app';
import { loadAntdLocale } from '../app/antd-locale';
import { preloadPublicPage } from '../app/first-screen';
import { appRouteObjects } from '../app/router';
import { BASE_NAMESPACES, initI18n, loadNamespaces } from '../lib/i18n';
import type { Lang } from '../lib/language';
import { setPageData } from '../lib/page-data';
import { useSiteSettingsStore } from '../lib/site-settings-store';
import { serverDocumentHead, SITE_DESCRIPTION, SITE_NAME } from '../lib/use-document-title';
import { installServerStorage } from './server-storage';

export { PRERENDERED_ROUTES, paramMarker, markedPath } from './prerender-routes';

export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** antd's `<style>` elements for what the page shows. */
  styles: string;
  /** The page's title and description, as the app sets them once it runs. */
  title: string;
  description: string;
}

let queue: Promise<unknown> = Promise.resolve();
/** How long the next render waits for the one before it at most. */
const QUEUE_WAIT_MS = 5_000;

/**
 * Renders `url` in `lang` with the site's public settings (they decide the notices under the header) and, for a
 * page that reads data, that data as a visitor signed out reads it (page-data.ts; the app hydrates with the same).
 * Renders one at a time: the language, the settings and the data are the app's global state.
 */
export function renderPage(
  url: string,
  lang: Lang,
  settings: SiteSettings,
  data?: Record<string, unknown>,
): Promise<RenderedPage> {
  const run = queue.then(() => renderNow(url, lang, settings, data));
  // The next render waits for this one, but never for long: one that hangs must not hold up the others.
  queue = Promise.race([run, new Promise((resolve) => setTimeout(resolve, QUEUE_WAIT_MS))]).catch(
    () => undefined,
  );
  return run;
}

async function renderNow(
  url: string,
  lang: Lang,
  settings: SiteSettings,
  data: Record<string, unknown> | undefined,
): Promise<RenderedPage> {
  installServerStorage();
  initI18n(undefined, lang);
  await i18next.changeLanguage(lang);
  const { pathname } = new URL(url, 'http://localhost');
  // Everything the page needs before rendering: nothing suspends, so the HTML is the page itself, never a
  // fallback waiting for a script (which the page's Content-Security-Policy would not run anyway).
  await Promise.all([loadNamespaces(BASE_NAMESPACES), loadAntdLocale(lang), preloadPublicPage(pathname)]);
  useSiteSettingsStore.getState().setSettings(settings);

  const { query, dataRoutes } = createStaticHandler(appRouteObjects());
  const context = await query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`The router answered ${url} with a redirect.`);
  const router = createStaticRouter(dataRoutes, context);
  const cache = createCache();
  serverDocumentHead.title = SITE_NAME;
  serverDocumentHead.description = SITE_DESCRIPTION;
  setPageData(data);
  let html: string;
  try {
    html = renderToString(
      <StyleProvider cache={cache}>
        <AppFrame>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StyleProvider>,
    );
  } finally {
    setPageData(null);
  }
  return {
    html,
    styles: extractStyle(cache),
    title: serverDocumentHead.title ?? SITE_NAME,
    description: serverDocumentHead.description ?? SITE_DESCRIPTION,
  };
}
