import { useEffect } from 'react';

export const SITE_NAME = 'Cyber Republic';
/** The site's own description (index.html), for pages that have none of their own. */
export const SITE_DESCRIPTION = 'Cyber Republic: the governance and funding portal of the Elastos DAO.';

function setDescription(text: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text;
}

/** The title and description of the page the server renders (web/src/prerender), read by it after the render. */
export const serverDocumentHead: { title?: string; description?: string } = {};

const pageTitle = (title: string | undefined) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);
const pageDescription = (description: string | undefined) =>
  description?.trim() ? description.trim().slice(0, 300) : SITE_DESCRIPTION;

/**
 * Sets the tab title to "<page> · Cyber Republic" while the page is shown, and the page's description (for
 * search results and link previews) to `description` when the page has one, else the site's.
 */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  if (typeof document === 'undefined') {
    // The server's render: no effects run there, so the page's head is taken as it renders.
    serverDocumentHead.title = pageTitle(title);
    serverDocumentHead.description = pageDescription(description);
  }
  useEffect(() => {
    document.title = pageTitle(title);
    setDescription(pageDescription(description));
  }, [title, description]);
}
