// The audit module's face: the back office's append-only, hash-chained audit log (issue 16).
export {
  AuditLog,
  AUDIT_GENESIS_HASH,
  auditVerifyReport,
  type AuditActor,
  type AuditBreak,
  type AuditEvent,
  type AuditVerifyResult,
} from './service';
export { actorOf, operatorActor, requestActor } from './actor';
export { auditRoutes } from './routes';
