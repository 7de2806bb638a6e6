/** The user module's public face: what other modules use of it (they import nothing else of it). */
export { cardColumns, mottoOf, publicUsers, usersByDid } from './public-card.repo';
export { findUserById, moveRoleOfDid, setRole } from './user.repo';
export { toCurrentUser } from './user.service';
