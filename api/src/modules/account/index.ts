/** The account module's public face: what other modules use of it (they import nothing else of it). */
export { accountError, userConflict } from './account-errors';
export { findUserByDid, usernameTaken } from './account.repo';
