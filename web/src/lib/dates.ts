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
