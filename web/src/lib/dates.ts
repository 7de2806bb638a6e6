import dayjs from 'dayjs';

/** Date and date-time formats of spec §9, used in both languages. */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm:ss';

export function formatDate(value: string | number | Date): string {
  return dayjs(value).format(DATE_FORMAT);
}

export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).format(DATE_TIME_FORMAT);
}

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
