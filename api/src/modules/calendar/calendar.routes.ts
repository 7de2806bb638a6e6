import {
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedStatusSchema,
} from '@cr/contract/calendar.contract';
import { defineCommand } from '../../http/command';
import { clientAddress } from '../../http/rate-limit';
import { defineRoute, policy } from '../../http/route';
import { createFeed, feedIcs, feedStatus, revokeFeed } from './calendar.service';

const TAG = 'calendar';

/** The personal deadline feed (docs/calendar-feed.md): managed by the member, read by calendar apps. */
export const calendarRoutes = [
  defineRoute({
    method: 'get',
    path: '/calendar/feed',
    tag: TAG,
    summary: 'Whether my calendar feed exists and when it was made (the secret URL is never shown again).',
    policy: policy.member,
    response: calendarFeedStatusSchema,
    handler: ({ deps, user }) => feedStatus(deps, user!),
  }),
  defineCommand({
    method: 'post',
    path: '/calendar/feed',
    tag: TAG,
    summary:
      'Make my calendar feed, or renew it (the old URL stops working). Returns the secret URL once; only its hash is stored.',
    policy: policy.member,
    response: calendarFeedCreatedSchema,
    run: (tx, { deps, user }) => createFeed(tx, deps.config.PUBLIC_URL, user!),
  }),
  defineCommand({
    method: 'delete',
    path: '/calendar/feed',
    tag: TAG,
    summary: 'Revoke my calendar feed: its URL answers 404 from now on.',
    policy: policy.member,
    response: calendarFeedStatusSchema,
    run: (tx, { user }) => revokeFeed(tx, user!),
  }),
  defineRoute({
    method: 'get',
    path: '/calendar/:token.ics',
    tag: TAG,
    summary:
      'A calendar feed (text/calendar, RFC 5545) of the deadlines that concern its member: voting and veto window ends, the next council election. The secret token is the credential; unknown or revoked → 404. Rate limited.',
    policy: policy.public,
    params: calendarFeedParamsSchema,
    raw: true,
    handler: async ({ deps, req, res, params }) => {
      const ics = await feedIcs(deps, clientAddress(req), params.token);
      res.status(200);
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Disposition', 'inline; filename="cyber-republic.ics"');
      res.setHeader('X-Robots-Tag', 'noindex');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.send(ics);
    },
  }),
];
