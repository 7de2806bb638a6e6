/** The session module's public face: what other modules use of it (they import nothing else of it). */
export type { AuthUser } from './auth-user';
export { revokeAllTokens } from './session.repo';
export { hashToken, issueToken, revokeSession } from './session.service';
