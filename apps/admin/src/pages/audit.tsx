import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_API, type AuditList } from '@app/contract';
import { call, queryString } from '../api';
import { auditDraftError, auditQuery, NO_FILTERS, type AuditDraft } from '../audit-filters';
import { compactJson, formatTime } from '../format';
import { PagedTable } from './pager';

export function AuditPage() {
  const [draft, setDraft] = useState<AuditDraft>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditDraft>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [formError, setFormError] = useState<string | null>(null);
  const params = auditQuery(page, applied);
  const list = useQuery({
    queryKey: ['audit', params],
    queryFn: () => call<AuditList>(`${ADMIN_API.audit.list}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const problem = auditDraftError(draft);
    if (problem) return setFormError(problem);
    setFormError(null);
    setApplied(draft);
    setPage(1);
  };
  const field = (key: keyof AuditDraft) => ({ value: draft[key], onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }) });

  return (
    <section className="page">
      <h1>Audit log</h1>
      <form className="filters" onSubmit={apply} aria-label="Filters">
        <label className="field"><span>Operator id</span><input inputMode="numeric" {...field('operatorId')} /></label>
        <label className="field"><span>Action</span><input {...field('action')} /></label>
        <label className="field"><span>Target type</span><input {...field('targetType')} /></label>
        <label className="field"><span>Target id</span><input {...field('targetId')} /></label>
        <label className="field"><span>From</span><input type="datetime-local" {...field('from')} /></label>
        <label className="field"><span>To</span><input type="datetime-local" {...field('to')} /></label>
        <div className="filters__actions">
          <button type="submit" className="button">Apply filters</button>
          <button type="button" className="button button--quiet" onClick={() => { setDraft(NO_FILTERS); setApplied(NO_FILTERS); setPage(1); setFormError(null); }}>Clear</button>
        </div>
      </form>
      {formError && <p className="error" role="alert">{formError}</p>}
      <PagedTable query={list} caption="Audit records, newest first" onPage={setPage}
        head={<><th scope="col">#</th><th scope="col">Time</th><th scope="col">Operator</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">IP</th><th scope="col">Details</th></>}>
        {(items) => (
          <>
          {items.length === 0 && <tr><td colSpan={7}>No records match.</td></tr>}
          {items.map((r) => (
            <tr key={r.id}>
              <td className="mono">{r.id}</td>
              <td className="nowrap">{formatTime(r.at)}</td>
              <td>{r.operatorEmail}{r.role ? ` (${r.role})` : ''}{r.operatorId !== null ? ` #${r.operatorId}` : ''}</td>
              <td className="mono">{r.action}</td>
              <td className="mono">{r.targetType ? `${r.targetType}${r.targetId ? ` ${r.targetId}` : ''}` : ''}</td>
              <td className="mono">{r.ip ?? ''}</td>
              <td className="mono details">{compactJson(r.after)}</td>
            </tr>
          ))}
          </>
        )}
      </PagedTable>
    </section>
  );
}
