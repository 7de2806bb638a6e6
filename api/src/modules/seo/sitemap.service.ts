import type { Db } from '@cr/core/db/db-client';
import * as repo from './sitemap.repo';

/** Pages a crawler has no business in: signed-in areas, admin, and the account forms. */
const PRIVATE =
  /^\/(admin|profile|login|register|forgot-password|reset-password|sso|unsubscribe)(\/|$)|\/(new|create|edit)$/;
/** At most this many proposals and suggestions each (the newest): a sitemap file holds at most 50,000 URLs. */
const RECORDS = 10_000;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** robots.txt: everything public may be crawled; the signed-in areas and the api may not; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /unsubscribe',
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}

/** sitemap.xml: the public pages, then the newest published proposals and public suggestions. */
export async function sitemapXml(db: Db, publicUrl: string, staticPaths: string[]): Promise<string> {
  const url = (p: string) => escapeXml(new URL(p, publicUrl).href);
  const entry = (p: string, lastmod?: Date | null) =>
    `  <url><loc>${url(p)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  const [proposals, suggestions] = await Promise.all([
    repo.publishedProposals(db, RECORDS),
    repo.publicSuggestions(db, RECORDS),
  ]);
  const lines = [
    ...staticPaths.filter((p) => !PRIVATE.test(p) && p !== '/home').map((p) => entry(p)),
    ...proposals.map((p) => entry(`/proposals/${p.number}`, p.updatedAt)),
    ...suggestions.map((s) => entry(`/suggestion/${s.id}`, s.updatedAt)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...lines,
    '</urlset>',
    '',
  ].join('\n');
}
