import dayjs from 'dayjs';

/**
 * Date and date-time formats of spec §9, used in both languages. The spec writes the time as hh:mm:ss; it is shown
 * on the 24-hour clock (HH), because a 12-hour time without AM/PM makes 04:09 and 16:09 look the same, and the
 * block ETAs beside these times are on the 24-hour clock too.
 */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY HH:mm:ss';

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
