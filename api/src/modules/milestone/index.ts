/** The milestone module's public face: what other modules use of it (they import nothing else of it). */
export { listMilestones } from './milestone.repo';
