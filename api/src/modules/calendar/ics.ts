/**
 * An iCalendar (RFC 5545) writer for the personal deadline feed: pure functions, no I/O. Lines end with CRLF,
 * lines longer than 75 octets are folded (CRLF + one space, never inside a UTF-8 character), TEXT values escape
 * backslash, semicolon, comma and newlines, and every time is written in UTC ("…Z").
 */

export interface IcsEvent {
  /** Stable across fetches, so a calendar app updates the event instead of adding a copy. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
}

export interface IcsCalendar {
  /** PRODID, e.g. `-//Cyber Republic//Calendar feed//EN`. */
  prodId: string;
  /** X-WR-CALNAME: the name calendar apps show for the subscription. */
  name: string;
  /** How often clients should fetch again (REFRESH-INTERVAL and X-PUBLISHED-TTL), in minutes. */
  refreshMinutes: number;
  /** DTSTAMP of every event: when this feed was written. */
  stamp: Date;
  events: readonly IcsEvent[];
}

/** 75 octets per line, CRLF excluded (RFC 5545 §3.1). */
const MAX_OCTETS = 75;

/** Escapes a TEXT value (RFC 5545 §3.3.11): `\` `;` `,` and newlines (CRLF, CR or LF become `\n`). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME value: 20261126T062000Z (seconds kept, milliseconds dropped). */
export function utcDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * Folds one content line into physical lines of at most 75 octets joined by CRLF + space (the space counts toward
 * the next line's 75). Splits only between code points, so a UTF-8 character (e.g. Chinese text) is never cut.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(e: IcsEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcDateTime(e.start)}`,
    `DTEND:${utcDateTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    // URI values are not TEXT: no escaping, but a URL with a CR/LF would break the line, so those are dropped.
    ...(e.url ? [`URL:${e.url.replace(/[\r\n]/g, '')}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR as text: CRLF after every line (the last included), long lines folded. */
export function buildIcs(cal: IcsCalendar): string {
  const stamp = utcDateTime(cal.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${cal.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${cal.refreshMinutes}M`,
    ...cal.events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map((l) => `${foldLine(l)}\r\n`).join('');
}
