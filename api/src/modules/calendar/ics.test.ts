import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, utcDateTime, type IcsCalendar } from './ics';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

/** The logical lines of a feed: physical lines split at CRLF, continuation lines (leading space) joined back. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

const calendar = (overrides: Partial<IcsCalendar> = {}): IcsCalendar => ({
  prodId: '-//Cyber Republic//Calendar feed//EN',
  name: 'Cyber Republic',
  refreshMinutes: 60,
  stamp: new Date('2026-11-26T06:20:00.123Z'),
  events: [
    {
      uid: 'proposal-1-voting-end@example.org',
      start: new Date('2026-12-01T10:00:00Z'),
      end: new Date('2026-12-01T10:15:00Z'),
      summary: 'Council vote closes: Proposal #1 "Roads, bridges; and tunnels"',
      description: 'Block 5040.\nhttps://example.org/proposals/1',
      url: 'https://example.org/proposals/1',
    },
  ],
  ...overrides,
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of newline', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('escapes the backslash first, so an escaped character is not escaped twice', () => {
    expect(escapeText('\\;')).toBe('\\\\\\;');
  });
});

describe('utcDateTime', () => {
  it('writes UTC basic format with a Z and no milliseconds', () => {
    expect(utcDateTime(new Date('2026-03-04T05:06:07.890Z'))).toBe('20260304T050607Z');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds a long ASCII line into lines of at most 75 octets that unfold to the original', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(30)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const p of physical) expect(octets(p)).toBeLessThanOrEqual(75);
    expect(physical[0]).toHaveLength(75);
    for (const p of physical.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('never cuts a multi-byte UTF-8 character (Chinese summary)', () => {
    const line = `SUMMARY:${'委员会投票截止：提案'.repeat(10)}`;
    const physical = foldLine(line).split('\r\n');
    for (const p of physical) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      // A cut character would not survive a round trip through UTF-8.
      expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
    }
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});

describe('buildIcs', () => {
  it('ends every line with CRLF and has no bare LF or CR', () => {
    const ics = buildIcs(calendar());
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes one VEVENT per event with UID, DTSTAMP, UTC start and end, escaped summary and description', () => {
    const lines = unfold(buildIcs(calendar()));
    expect(lines.slice(0, 3)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Cyber Republic//Calendar feed//EN',
    ]);
    expect(lines).toContain('UID:proposal-1-voting-end@example.org');
    expect(lines).toContain('DTSTAMP:20261126T062000Z');
    expect(lines).toContain('DTSTART:20261201T100000Z');
    expect(lines).toContain('DTEND:20261201T101500Z');
    expect(lines).toContain('SUMMARY:Council vote closes: Proposal #1 "Roads\\, bridges\\; and tunnels"');
    expect(lines).toContain('DESCRIPTION:Block 5040.\\nhttps://example.org/proposals/1');
    expect(lines).toContain('URL:https://example.org/proposals/1');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('folds long lines of the feed and keeps every physical line within 75 octets', () => {
    const ics = buildIcs(
      calendar({
        events: [
          {
            uid: 'u1',
            start: new Date('2026-12-01T10:00:00Z'),
            end: new Date('2026-12-01T10:15:00Z'),
            summary: `公示期结束：提案 #7「${'长标题'.repeat(20)}」`,
          },
        ],
      }),
    );
    for (const p of ics.split('\r\n')) expect(octets(p)).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain(`SUMMARY:公示期结束：提案 #7「${'长标题'.repeat(20)}」`);
  });

  it('reads back through an iCalendar library (ical.js) with the original texts and UTC times', () => {
    const long = `公示期结束：提案 #7「${'道路, 桥梁; 隧道\\'.repeat(8)}」`;
    const cal = calendar();
    const ics = buildIcs({
      ...cal,
      events: [...cal.events, { ...cal.events[0]!, uid: 'u2', summary: long }],
    });
    const events = new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.uid)).toEqual(['proposal-1-voting-end@example.org', 'u2']);
    expect(events[0]!.summary).toBe(cal.events[0]!.summary);
    expect(events[0]!.description).toBe(cal.events[0]!.description);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(events[1]!.summary).toBe(long);
  });

  it('writes an empty calendar when nothing concerns the member', () => {
    const lines = unfold(buildIcs(calendar({ events: [] })));
    expect(lines).not.toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VCALENDAR');
  });
});
