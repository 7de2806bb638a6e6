/** The time now in an IANA time zone, e.g. "14:05", in the reader's language; null for an unknown zone. */
export function localTime(timeZone: string, lang: string): string | null {
  try {
    return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date());
  } catch {
    return null;
  }
}

/** Every IANA time zone the browser knows (UTC first). */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The browser's own time zone, as a default. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
