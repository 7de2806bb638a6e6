/** The elip module's public face: what other modules use of it (they import nothing else of it). */
export { moveElip } from './elip.repo';
