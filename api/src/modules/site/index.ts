/** The site module's public face: what other modules use of it (they import nothing else of it). */
export { crclesSuspended, getSiteSettings, trainingPostponed } from './site.service';
