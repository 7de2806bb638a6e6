import {
  okSchema,
  registerCodeSentSchema,
  sessionSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type LoginBindDidRequest,
  type LoginRequest,
  type RegisterCodeRequest,
  type RegisterDidRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@cr/contract/account.contract';
import { currentUserSchema } from '@cr/contract/user.contract';
import { api } from './api-client';

/** The account routes of docs/accounts.md (used by the sign-in pages, the profile and the account menu); bodies are the contract's request types, answers are checked. */
export const accountApi = {
  /** GET /api/user/current_user: re-reads the signed-in member after a change to the account. */
  currentUser: () => api.get('/api/user/current_user', undefined, { schema: currentUserSchema }),
  login: (body: LoginRequest) => api.post('/api/user/login', body, { schema: sessionSchema }),
  /** POST /api/user/login/did: sign in and bind the DID just scanned (a `login` request with outcome register). */
  loginBindDid: (body: LoginBindDidRequest) =>
    api.post('/api/user/login/did', body, { schema: sessionSchema }),
  /** POST /api/user/logout with the token being ended (already forgotten by the tab, see account-menu.tsx). */
  logout: (token: string) =>
    api.post('/api/user/logout', undefined, { schema: okSchema, headers: { 'api-token': token } }),
  sendRegisterCode: (body: RegisterCodeRequest) =>
    api.post('/api/user/register/code', body, { schema: registerCodeSentSchema }),
  register: (body: RegisterRequest) => api.post('/api/user/register', body, { schema: sessionSchema }),
  registerDid: (body: RegisterDidRequest) =>
    api.post('/api/user/register/did', body, { schema: sessionSchema }),
  forgotPassword: (body: ForgotPasswordRequest) =>
    api.post('/api/user/forgot-password', body, { schema: okSchema }),
  resetPassword: (body: ResetPasswordRequest) =>
    api.post('/api/user/reset-password', body, { schema: okSchema }),
  changePassword: (body: ChangePasswordRequest) =>
    api.post('/api/user/change-password', body, { schema: okSchema }),
};
