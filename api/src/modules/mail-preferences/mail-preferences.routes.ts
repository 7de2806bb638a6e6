import {
  mailPreferencesSchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
} from '@cr/contract/mail-preferences.contract';
import { defineCommand } from '../../http/command';
import { clientAddress } from '../../http/rate-limit';
import { defineRoute, policy } from '../../http/route';
import {
  getMailPreferences,
  putMailPreferences,
  unsubscribe,
  unsubscribeInfo,
} from './mail-preferences.service';

const TAG = 'mail';

/** E-mail preferences and the public unsubscribe endpoint (docs/mail.md). */
export const mailPreferenceRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/mail-preferences',
    tag: TAG,
    summary: 'My e-mail preferences: each optional mail group on or off, and the mail language.',
    policy: policy.member,
    response: mailPreferencesSchema,
    handler: ({ deps, user }) => getMailPreferences(deps, user!),
  }),
  defineCommand({
    method: 'put',
    path: '/user/mail-preferences',
    tag: TAG,
    summary: 'Saves my e-mail preferences (account and security mail is always sent).',
    policy: policy.member,
    body: mailPreferencesSchema,
    response: mailPreferencesSchema,
    run: (tx, { user, body }) => putMailPreferences(tx, user!, body),
    answer: (_saved, { deps, user }) => getMailPreferences(deps, user!),
  }),
  defineRoute({
    method: 'get',
    path: '/mail/unsubscribe',
    tag: TAG,
    summary:
      'What a signed unsubscribe link stands for (group, still subscribed, masked address). Changes nothing. Bad or forged token → 400 mail.unsubscribe_invalid. Rate limited.',
    policy: policy.public,
    query: unsubscribeQuerySchema,
    response: unsubscribeInfoSchema,
    handler: ({ deps, req, res, query }) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      return unsubscribeInfo(deps, clientAddress(req), query.token);
    },
  }),
  defineCommand({
    method: 'post',
    path: '/mail/unsubscribe',
    tag: TAG,
    summary:
      'Turns off the mail group a signed unsubscribe link names, without signing in: the confirm button of the unsubscribe page, and RFC 8058 one-click (List-Unsubscribe-Post). Bad or forged token → 400, nothing changed. Rate limited.',
    policy: policy.public,
    query: unsubscribeQuerySchema,
    response: unsubscribeInfoSchema,
    headers: { 'Cache-Control': 'no-store' },
    run: (tx, { deps, clientAddress: ip, query }) => unsubscribe(tx, deps, ip, query.token),
    answer: (info, { deps }) => {
      deps.logger.info({ group: info.group }, 'unsubscribed from a mail group');
      return info;
    },
  }),
];
