import { localInputToMs } from './format';

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

/** The audit filters as typed in the form (every one optional). */
export interface AuditDraft {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditDraft = { operatorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

const OPERATOR_ID = /^[1-9][0-9]{0,15}$/;

/** What is wrong with the filters in plain words, or null when the server can be asked. */
export function auditDraftError(f: AuditDraft): string | null {
  const id = f.operatorId.trim();
  if (id && !OPERATOR_ID.test(id)) return 'The operator is a number (the operator id).';
  const from = localInputToMs(f.from);
  const to = localInputToMs(f.to, true);
  if (from !== undefined && to !== undefined && from > to) return 'The start of the time range is after its end.';
  return null;
}

/** The audit list's query for a page and the applied filters (blank ones left out). */
export function auditQuery(page: number, f: AuditDraft): Record<string, string | number | undefined> {
  const id = f.operatorId.trim();
  return {
    page,
    size: AUDIT_PAGE_SIZE,
    operatorId: OPERATOR_ID.test(id) ? Number(id) : undefined,
    action: f.action.trim() || undefined,
    targetType: f.targetType.trim() || undefined,
    targetId: f.targetId.trim() || undefined,
    from: localInputToMs(f.from),
    to: localInputToMs(f.to, true),
  };
}
