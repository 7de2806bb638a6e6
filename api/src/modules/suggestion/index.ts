/** The suggestion module's public face: what other modules use of it (they import nothing else of it). */
export { assertVisible } from './suggestion-access';
export { csvCell } from './suggestion-list.service';
export { usersWithRole } from './suggestion-mail';
export { findSuggestion, markProposed, unmarkProposed } from './suggestion.repo';
