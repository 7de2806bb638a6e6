import type { AuthUser } from '../modules/session/auth-user';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id: string;
      user?: AuthUser;
    }
  }
}

export {};
