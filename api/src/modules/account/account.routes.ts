import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginBindDidRequestSchema,
  loginRequestSchema,
  okSchema,
  registerCodeRequestSchema,
  registerCodeSentSchema,
  registerDidRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionSchema,
} from '@cr/contract/account.contract';
import { defineRoute, policy } from '../../http/route';
import { loginAndBindDid, registerWithDid } from './account-did-register.service';
import { loginWithPassword, logout } from './account-login.service';
import { changePassword, requestPasswordReset, resetPassword } from './account-password.service';
import { registerWithEmail, sendRegistrationCode } from './account-register.service';
import { clientAddress } from '../../http/rate-limit';

const ok = { ok: true as const };

export const accountRoutes = [
  defineRoute({
    method: 'post',
    path: '/user/register/code',
    tag: 'account',
    summary: 'E-mail a 6-digit registration code (15 minutes, 5 tries). Refuses a taken or invalid e-mail.',
    policy: policy.public,
    body: registerCodeRequestSchema,
    response: registerCodeSentSchema,
    handler: ({ deps, req, body }) => sendRegistrationCode(deps, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/register',
    tag: 'account',
    summary: 'Create a MEMBER account with the e-mailed code, and sign it in ({ token, user }).',
    policy: policy.public,
    body: registerRequestSchema,
    response: sessionSchema,
    handler: ({ deps, req, body }) => registerWithEmail(deps, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/register/did',
    tag: 'account',
    summary:
      'Create an account bound to the DID that signed a `login` wallet request with outcome `register` (request id + secret), and sign it in.',
    policy: policy.public,
    body: registerDidRequestSchema,
    response: sessionSchema,
    handler: ({ deps, req, body }) => registerWithDid(deps, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/login/did',
    tag: 'account',
    summary:
      'Sign in with username or e-mail and password and bind, in the same step, the DID that signed a `login` wallet request with outcome `register` (request id + secret).',
    policy: policy.public,
    body: loginBindDidRequestSchema,
    response: sessionSchema,
    handler: ({ deps, req, body }) => loginAndBindDid(deps, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/login',
    tag: 'account',
    summary: 'Sign in with username or e-mail and password ({ token, user }). Rate-limited.',
    policy: policy.public,
    body: loginRequestSchema,
    response: sessionSchema,
    handler: ({ deps, req, body }) => loginWithPassword(deps, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/logout',
    tag: 'account',
    summary: 'Sign out: the api-token of this session stops working at once.',
    policy: policy.auth,
    response: okSchema,
    handler: async ({ deps, user }) => {
      await logout(deps, user!);
      return ok;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/forgot-password',
    tag: 'account',
    summary: 'E-mail a single-use reset link (1 hour). Always answers { ok: true }.',
    policy: policy.public,
    body: forgotPasswordRequestSchema,
    response: okSchema,
    handler: async ({ deps, req, body }) => {
      await requestPasswordReset(deps, body, clientAddress(req));
      return ok;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/reset-password',
    tag: 'account',
    summary: 'Set a new password with the token of an e-mailed link; signs out every session.',
    policy: policy.public,
    body: resetPasswordRequestSchema,
    response: okSchema,
    handler: async ({ deps, req, body }) => {
      await resetPassword(deps, body, clientAddress(req));
      return ok;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/change-password',
    tag: 'account',
    summary: 'Change the password (current one required); signs out the other sessions.',
    policy: policy.auth,
    body: changePasswordRequestSchema,
    response: okSchema,
    handler: async ({ deps, user, body }) => {
      await changePassword(deps, user!, body);
      return ok;
    },
  }),
];
