/**
 * Each feature keeps its own texts in `web/src/features/<feature>/locales/{en,zh}.json`, loaded as the i18next
 * namespace `<feature>` (use `useTranslation('<feature>')`). Shared texts stay in `web/src/locales` (namespace
 * `translation`). Separate files let features grow without editing one shared file. The app fetches them on
 * demand (`i18n.ts`); this eager set is for tests only (key checks, and texts from the first render).
 */
type Resource = Record<string, unknown>;

const modules = import.meta.glob<Resource>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** `{ en: { suggestions: {...} }, zh: { suggestions: {...} } }` from the feature locale files. */
export function featureResources(): Record<'en' | 'zh', Record<string, Resource>> {
  const out: Record<'en' | 'zh', Record<string, Resource>> = { en: {}, zh: {} };
  for (const [file, resource] of Object.entries(modules)) {
    const match = /features\/([^/]+)\/locales\/(en|zh)\.json$/.exec(file);
    if (match) out[match[2] as 'en' | 'zh'][match[1]!] = resource;
  }
  return out;
}
