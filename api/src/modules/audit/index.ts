/** The audit module's public face: what other modules use of it (they import nothing else of it). */
export { auditInvolving, recordAudit } from './audit.service';
