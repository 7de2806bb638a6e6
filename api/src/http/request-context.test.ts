import { describe, expect, it } from 'vitest';
import { loggedPath, routeLabel } from './request-context.middleware';

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

describe('routeLabel: the HTTP metric’s route label, never the raw URL', () => {
  const res = (route?: string) => ({ locals: route ? { route } : {} });
  it('is the route pattern mountRoutes recorded', () => {
    const req = { baseUrl: '/api', path: '/proposals/42/vote', route: { path: '/proposals/:id/vote' } };
    expect(routeLabel(req, res('/api/proposals/:id/vote'))).toBe('/api/proposals/:id/vote');
  });
  it('else the Express route matched, else one label for the rest of the api and one for the web app', () => {
    expect(
      routeLabel({ baseUrl: '', path: '/uploads/abc.png', route: { path: '/uploads/:key' } }, res()),
    ).toBe('/uploads/:key');
    expect(routeLabel({ baseUrl: '/api', path: '/no/such/route', route: undefined }, res())).toBe(
      '/api/(unmatched)',
    );
    expect(routeLabel({ baseUrl: '', path: '/proposals/42', route: { path: /^\/(?!api\/).*/ } }, res())).toBe(
      '(web)',
    );
    expect(routeLabel({ baseUrl: '', path: '/assets/x.js', route: undefined }, res())).toBe('(web)');
  });
});
