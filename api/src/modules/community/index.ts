/** The community module's public face: what other modules use of it (they import nothing else of it). */
export { findCommunity, rolesOf } from './community.repo';
export { grantOrganizer } from './community.service';
