import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ADMIN_API, KYC_NOTE_MAX, KYC_PHOTO_SLOTS, KYC_REJECT_REASONS,
  type KycPhotoSlot, type KycQueue, type KycRejectReason, type KycSubmissionDetail,
} from '@app/contract';
import { call, imageUrl, queryString } from '../api';
import { formatTime } from '../format';
import { PagedTable } from './pager';

const PAGE_SIZE = 20;
const DOCUMENT_TYPES: Record<string, string> = { id_card: 'ID card', passport: 'Passport', driving_licence: 'Driving licence' };
const REASONS: Record<KycRejectReason, string> = {
  document_unreadable: 'The document photo is not readable',
  document_expired: 'The document has expired',
  document_not_accepted: 'This document is not accepted',
  details_mismatch: 'The details do not match the document',
  selfie_mismatch: 'The selfie does not match the document',
  other: 'Other',
};
const PHOTO_LABELS: Record<KycPhotoSlot, string> = { front: 'Front', back: 'Back', selfie: 'Selfie with the document' };

/** The submissions awaiting review, oldest first (compliance). */
export function KycQueuePage() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['kyc', 'queue', page],
    queryFn: () => call<KycQueue>(`${ADMIN_API.kyc.queue}${queryString({ page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="page">
      <h1>KYC queue</h1>
      <PagedTable query={list} caption="Submissions awaiting review, oldest first" onPage={setPage} empty={<p>Nothing awaits review.</p>}
        head={<><th scope="col">Submitted</th><th scope="col">UID</th><th scope="col">Name</th><th scope="col">Nationality</th><th scope="col">Document</th><th scope="col">Same ID number</th></>}>
        {(items) => items.map((s) => (
          <tr key={s.id}>
            <td className="nowrap">{formatTime(s.submittedAt)}</td>
            <td className="mono">{s.uid}</td>
            <td><Link to={`/kyc/${s.id}`}>{s.realName}</Link></td>
            <td>{s.nationality}</td>
            <td>{DOCUMENT_TYPES[s.documentType] ?? s.documentType}</td>
            <td>{s.sameIdNumber > 0 ? <strong>{s.sameIdNumber} other account{s.sameIdNumber > 1 ? 's' : ''}</strong> : 'none'}</td>
          </tr>
        ))}
      </PagedTable>
    </section>
  );
}

/** One submission beside its photos; verify, or reject with a reason (compliance). Opening it is recorded. */
export function KycReviewPage() {
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: ['kyc', 'detail', id],
    queryFn: () => call<KycSubmissionDetail>(`${ADMIN_API.kyc.detail}${queryString({ id })}`),
    enabled: Number.isSafeInteger(id) && id > 0,
    // Every read is audited: read once per visit.
    staleTime: Infinity,
  });
  if (detail.isError) return <section className="page"><h1>Submission</h1><p className="error" role="alert">{detail.error.message}</p></section>;
  if (!detail.data) return <section className="page"><h1>Submission</h1><p role="status">Loading…</p></section>;
  const s = detail.data;
  const rows: Array<[string, string]> = [
    ['UID', s.uid], ['Real name', s.realName], ['Nationality', s.nationality], ['Document', DOCUMENT_TYPES[s.documentType] ?? s.documentType],
    ['ID number', s.idNumber], ['Submitted', formatTime(s.submittedAt)], ['Decision', s.decision],
  ];
  return (
    <section className="page">
      <p><Link to="/kyc">← KYC queue</Link></p>
      <h1>Submission {s.id}</h1>
      <div className="review">
        <div className="card">
          <h2>Details</h2>
          <dl className="details-list">
            {rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd className={k === 'ID number' || k === 'UID' ? 'mono' : undefined}>{v}</dd></div>)}
          </dl>
          {s.sameIdNumber.length > 0 && (
            <p className="notice" role="note">The same ID number was given by {s.sameIdNumber.length} other account(s): <span className="mono">{s.sameIdNumber.join(', ')}</span></p>
          )}
          {s.earlier.length > 0 && (
            <>
              <h2>Earlier submissions</h2>
              <ul>{s.earlier.map((e) => <li key={e.id}>{formatTime(e.submittedAt)}: {e.decision}{e.rejectReason ? ` (${REASONS[e.rejectReason]})` : ''}</li>)}</ul>
            </>
          )}
          {s.decision === 'pending' ? <Decide id={s.id} /> : (
            <p>Decided {s.decidedAt === null ? '' : formatTime(s.decidedAt)}: <strong>{s.decision}</strong>{s.rejection ? ` (${REASONS[s.rejection.reason]}${s.rejection.note ? `: ${s.rejection.note}` : ''})` : ''}</p>
          )}
        </div>
        <div className="photos">
          {KYC_PHOTO_SLOTS.map((slot) => <Photo key={slot} label={PHOTO_LABELS[slot]} path={s.photos[slot]} />)}
        </div>
      </div>
    </section>
  );
}

/** A photo, loaded with the session's token (each view is recorded), enlarged and back by a click. */
export function Photo({ label, path }: { label: string; path: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    imageUrl(path).then((u) => { made = u; if (live) setUrl(u); else URL.revokeObjectURL(u); }, (err: Error) => live && setError(err.message));
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [path]);
  return (
    <figure className={`photo${zoomed ? ' photo--zoomed' : ''}`}>
      <figcaption>{label}</figcaption>
      {error && <p className="error" role="alert">{error}</p>}
      {url ? (
        <button type="button" className="photo__button" aria-pressed={zoomed} aria-label={`${label}: ${zoomed ? 'show smaller' : 'enlarge'}`} onClick={() => setZoomed(!zoomed)}>
          <img src={url} alt={label} />
        </button>
      ) : !error && <p role="status">Loading…</p>}
    </figure>
  );
}

function Decide({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<KycRejectReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (verified: boolean) => call<KycSubmissionDetail>(ADMIN_API.kyc.decide, verified ? { id, verified } : { id, verified, reason, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (next) => {
      queryClient.setQueryData(['kyc', 'detail', id], next);
      void queryClient.invalidateQueries({ queryKey: ['kyc', 'queue'] });
    },
  });
  const reject = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setProblem('Choose a reason to reject.');
    setProblem(null);
    decide.mutate(false);
  };
  return (
    <div className="decide">
      <h2>Decision</h2>
      {decide.isError && <p className="error" role="alert">{decide.error.message}</p>}
      <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate(true)}>Verify</button>
      <form onSubmit={reject} aria-label="Reject">
        <label className="field"><span>Reason</span>
          <select value={reason} onChange={(e) => setReason(e.target.value as KycRejectReason | '')} aria-invalid={problem ? true : undefined}>
            <option value="">Choose a reason</option>
            {KYC_REJECT_REASONS.map((r) => <option key={r} value={r}>{REASONS[r]}</option>)}
          </select>
        </label>
        <label className="field"><span>Note to the user (optional)</span><input value={note} maxLength={KYC_NOTE_MAX} onChange={(e) => setNote(e.target.value)} /></label>
        {problem && <p className="error" role="alert">{problem}</p>}
        <button type="submit" className="button button--danger" disabled={decide.isPending}>Reject</button>
      </form>
    </div>
  );
}
