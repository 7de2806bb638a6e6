/** The calendar module's public face: what other modules use of it (they import nothing else of it). */
export { memberDeadlineState } from './calendar.service';
