import { useEffect } from 'react';

export const SITE_NAME = 'Cyber Republic';

/** Sets the tab title to "<page> · Cyber Republic" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
