import { describe, expect, it } from 'vitest';
import { loggedPath } from './request-context.middleware';

describe('loggedPath', () => {
  it('masks the secret token of a calendar feed URL (the path is its credential)', () => {
    expect(loggedPath('/api/calendar/AbC-123_xyz.ics')).toBe('/api/calendar/[redacted].ics');
    expect(loggedPath('/calendar/AbC-123_xyz.ics')).toBe('/calendar/[redacted].ics');
  });

  it('leaves other paths alone', () => {
    expect(loggedPath('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(loggedPath('/api/proposals/4')).toBe('/api/proposals/4');
  });
});
