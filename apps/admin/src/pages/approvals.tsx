import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  ADMIN_API, APPROVAL_NOTE_MAX, ASSETS, QUOTE_ASSET,
  type Approval, type ApprovalList, type CreditRequestBody, type ReversalRequestBody,
} from '@app/contract';
import {
  actionLabel, approveEffect, creditBody, creditProblems, rejectEffect, reversalBody, reversalProblems,
  type CreditDraft, type Problems, type ReversalDraft,
} from '../approval-forms';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { PagedTable } from './pager';

const PAGE_SIZE = 20;
const DECISIONS = ['pending', 'approved', 'rejected'] as const;
type Decision = (typeof DECISIONS)[number];
const TABS: Record<Decision, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const CAPTIONS: Record<Decision, string> = {
  pending: 'Requests awaiting a decision, oldest first',
  approved: 'Approved requests, newest first',
  rejected: 'Rejected requests, newest first',
};
const EMPTY: Record<Decision, string> = { pending: 'Nothing awaits a decision.', approved: 'No request was approved yet.', rejected: 'No request was rejected yet.' };

/** What a request page tells the list after sending (router state: a sentence). */
function sentOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('sent' in state)) return null;
  return typeof state.sent === 'string' ? state.sent : null;
}

/** Four eyes (issue 16): the requests by decision; another operator's pending ones can be approved or rejected (finance, admin). */
export function ApprovalsPage() {
  const [params] = useSearchParams();
  const asked = params.get('decision');
  const decision = DECISIONS.find((d) => d === asked) ?? 'pending';
  const location = useLocation();
  const navigate = useNavigate();
  // Said once: the notice is kept here and dropped from the history entry, so a reload does not repeat it.
  const [sent] = useState(() => sentOf(location.state));
  useEffect(() => {
    if (location.state !== null) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);
  return (
    <section className="page">
      <h1>Approvals</h1>
      <p className="page-actions">
        <Link to="/approvals/credit" className="button">Request a credit</Link>
        <Link to="/approvals/reversal" className="button button--quiet">Request a reversal</Link>
      </p>
      <p>A manual credit or a reversal is carried out only when an operator other than the one who asked approves it.</p>
      <nav className="tabs" aria-label="Requests by decision">
        {DECISIONS.map((d) => (
          <Link key={d} to={d === 'pending' ? '/approvals' : `/approvals?decision=${d}`} className="tabs__link" aria-current={d === decision ? 'page' : undefined}>{TABS[d]}</Link>
        ))}
      </nav>
      {sent && decision === 'pending' && <p className="notice" role="status">{sent}</p>}
      <Requests key={decision} decision={decision} />
    </section>
  );
}

type Outcome = { ok: boolean; text: string } | null;

function Requests({ decision }: { decision: Decision }) {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: ['approvals', decision, page],
    queryFn: () => call<ApprovalList>(`${ADMIN_API.approvals.list}${queryString({ decision, page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const pending = decision === 'pending';
  return (
    <>
      <div aria-live="polite">{outcome?.ok && <p className="notice">{outcome.text}</p>}</div>
      {outcome && !outcome.ok && <p className="error" role="alert">{outcome.text}</p>}
      <PagedTable query={list} caption={CAPTIONS[decision]} onPage={setPage} empty={<p>{EMPTY[decision]}</p>}
        head={(
          <>
            <th scope="col">Id</th><th scope="col">Asked</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Details</th><th scope="col">Asked by</th>
            {pending ? <th scope="col">Decision</th> : <><th scope="col">Decided by</th><th scope="col">Decided</th></>}
          </>
        )}>
        {(items) => items.map((a) => <RequestRow key={a.id} a={a} onOutcome={setOutcome} />)}
      </PagedTable>
    </>
  );
}

/** The request's payload in words: the amount and coin of a credit, the note, anything else as key: value. */
function Details({ a }: { a: Approval }) {
  const { asset, amount, note, ...rest } = a.payload;
  return (
    <>
      {amount !== undefined && <div><strong className="mono">{amount} {asset ?? ''}</strong></div>}
      {note !== undefined && <div>Note: {note}</div>}
      {Object.entries(rest).map(([k, v]) => <div key={k}>{k}: <span className="mono">{v}</span></div>)}
    </>
  );
}

function Target({ a }: { a: Approval }) {
  if (a.targetType === 'user') return <>User <Link className="mono" to={`/users/${a.targetId}`}>{a.targetId}</Link></>;
  if (a.targetType === 'ledger_transaction') return <>Ledger transaction <span className="mono">{a.targetId}</span></>;
  return <>{a.targetType} <span className="mono">{a.targetId}</span></>;
}

function decidedText(a: Approval): string {
  if (a.decision === 'rejected') return `Request ${a.id} rejected: nothing was ${a.action === 'balance.credit' ? 'credited' : 'reversed'}.`;
  if (a.action === 'balance.credit') return `Request ${a.id} approved: ${a.payload.amount ?? ''} ${a.payload.asset ?? ''} credited to user ${a.targetId}.`;
  return `Request ${a.id} approved: ledger transaction ${a.targetId} reversed.`;
}

function RequestRow({ a, onOutcome }: { a: Approval; onOutcome: (o: Outcome) => void }) {
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const decide = useMutation({
    mutationFn: (approve: boolean) => call<Approval>(ADMIN_API.approvals.decide, { id: a.id, approve }),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: decidedText(next) });
      // The user's balances changed: their page reads them again when next shown.
      if (next.targetType === 'user') void queryClient.invalidateQueries({ queryKey: ['users', 'detail', next.targetId] });
    },
    // The server's words (another operator was first, the balance is short, you asked for it yourself).
    onError: (err) => onOutcome({ ok: false, text: `Request ${a.id} was not decided: ${err.message}` }),
    onSettled: () => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
  const mine = a.requestedBy === operator?.email;
  let decision: ReactNode;
  if (a.decision !== 'pending') decision = null;
  else if (mine) decision = <span className="muted">Waiting for another operator</span>;
  else if (confirming) {
    const approve = confirming === 'approve';
    decision = (
      <div className="confirm">
        <p>{approve ? approveEffect(a) : rejectEffect(a)}</p>
        <div className="actions">
          <button type="button" className={approve ? 'button' : 'button button--danger'} disabled={decide.isPending} onClick={() => decide.mutate(approve)}>
            {approve ? `Confirm: approve request ${a.id}` : `Confirm: reject request ${a.id}`}
          </button>
          <button type="button" className="button button--quiet" disabled={decide.isPending} onClick={() => setConfirming(null)}>Cancel</button>
        </div>
      </div>
    );
  } else {
    decision = (
      <div className="actions">
        <button type="button" className="button" onClick={() => { onOutcome(null); setConfirming('approve'); }} aria-label={`Approve request ${a.id}`}>Approve</button>
        <button type="button" className="button button--quiet" onClick={() => { onOutcome(null); setConfirming('reject'); }} aria-label={`Reject request ${a.id}`}>Reject</button>
      </div>
    );
  }
  return (
    <tr>
      <td className="mono">{a.id}</td>
      <td className="nowrap">{formatTime(a.requestedAt)}</td>
      <td>{actionLabel(a)}</td>
      <td className="nowrap"><Target a={a} /></td>
      <td className="details"><Details a={a} /></td>
      <td>{a.requestedBy}</td>
      {a.decision === 'pending' ? <td>{decision}</td> : (
        <>
          <td>{a.decidedBy ?? ''}</td>
          <td className="nowrap">{a.decidedAt === null ? '' : formatTime(a.decidedAt)}</td>
        </>
      )}
    </tr>
  );
}

/** A form field with its label and, once the form was sent, what is wrong with it. */
function Field({ name, label, problem, hint, children }: { name: string; label: string; problem?: string; hint?: string; children: (props: FieldProps) => ReactNode }) {
  const problemId = `${name}-problem`;
  const hintId = `${name}-hint`;
  const describedBy = [hint ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="request__field">
      <label className="field"><span>{label}</span>{children({ id: name, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy })}</label>
      {hint && <p className="hint" id={hintId}>{hint}</p>}
      {problem && <p className="error" id={problemId}>{problem}</p>}
    </div>
  );
}

interface FieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The first field with a problem gets the focus, so the operator lands on what to fix. */
function focusFirst(form: HTMLFormElement | null, problems: Problems<string>, order: readonly string[]): void {
  const first = order.find((k) => problems[k]);
  if (first) form?.querySelector<HTMLElement>(`#${first}`)?.focus();
}

function RequestForm({ title, intro, problemsShown, error, pending, submit, formRef, children, submitLabel }: {
  title: string; intro: string; problemsShown: boolean; error: string | null; pending: boolean; submit: (e: FormEvent) => void;
  formRef: RefObject<HTMLFormElement | null>; children: ReactNode; submitLabel: string;
}) {
  return (
    <section className="page">
      <p><Link to="/approvals">← Approvals</Link></p>
      <h1>{title}</h1>
      <form ref={formRef} className="card request" onSubmit={submit} noValidate aria-label={title}>
        <p>{intro}</p>
        {children}
        {problemsShown && <p className="error" role="alert">Check the fields marked above.</p>}
        {error && <p className="error" role="alert">The server refused the request: {error}</p>}
        <button type="submit" className="button" disabled={pending}>{pending ? 'Sending…' : submitLabel}</button>
      </form>
    </section>
  );
}

/** Ask for a manual credit of a user's real currency account; another operator approves it. `?uid=` fills the UID (the user's page links here). */
export function CreditRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<CreditDraft>(() => ({ uid: params.get('uid') ?? '', asset: QUOTE_ASSET, amount: '', note: '' }));
  const [sent, setSent] = useState(false);
  const request = useMutation({
    mutationFn: (body: CreditRequestBody) => call<Approval>(ADMIN_API.approvals.requestCredit, body),
    onSuccess: (a) => {
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void navigate('/approvals', { state: { sent: `Request ${a.id} sent: ${a.payload.amount ?? ''} ${a.payload.asset ?? ''} for user ${a.targetId} waits for another operator.` } });
    },
  });
  const problems = sent ? creditProblems(draft) : {};
  const set = (k: keyof CreditDraft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    const found = creditProblems(draft);
    if (Object.keys(found).length > 0) return focusFirst(formRef.current, found, ['uid', 'asset', 'amount', 'note']);
    request.mutate(creditBody(draft));
  };
  const coin = ASSETS.find((a) => a.symbol === draft.asset);
  return (
    <RequestForm title="Request a credit" submitLabel="Request the credit" formRef={formRef} submit={submit} pending={request.isPending}
      intro="The credit goes into the user's real currency account once another finance or admin operator approves it."
      problemsShown={Object.keys(problems).length > 0} error={request.isError ? request.error.message : null}>
      <div className="request__fields">
        <Field name="uid" label="User UID" problem={problems.uid}>
          {(p) => <input {...p} inputMode="numeric" autoComplete="off" maxLength={8} value={draft.uid} onChange={set('uid')} />}
        </Field>
        <Field name="asset" label="Coin" problem={problems.asset}>
          {(p) => <select {...p} value={draft.asset} onChange={set('asset')}>{ASSETS.map((a) => <option key={a.symbol} value={a.symbol}>{a.symbol} · {a.name}</option>)}</select>}
        </Field>
        <Field name="amount" label="Amount" problem={problems.amount} hint={coin ? `Up to ${coin.scale} decimals.` : undefined}>
          {(p) => <input {...p} inputMode="decimal" autoComplete="off" value={draft.amount} onChange={set('amount')} />}
        </Field>
      </div>
      <Field name="note" label="Note: why (kept with the request, the ledger and the audit log)" problem={problems.note} hint={`At most ${APPROVAL_NOTE_MAX} characters.`}>
        {(p) => <input {...p} autoComplete="off" maxLength={APPROVAL_NOTE_MAX} value={draft.note} onChange={set('note')} />}
      </Field>
    </RequestForm>
  );
}

/** Ask for the reversal of a ledger transaction (a correction); another operator approves it. `?transactionId=` fills the id (a user's page links here). */
export function ReversalRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ReversalDraft>(() => ({ transactionId: params.get('transactionId') ?? '', note: '' }));
  const [sent, setSent] = useState(false);
  const request = useMutation({
    mutationFn: (body: ReversalRequestBody) => call<Approval>(ADMIN_API.approvals.requestReversal, body),
    onSuccess: (a) => {
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void navigate('/approvals', { state: { sent: `Request ${a.id} sent: the reversal of ledger transaction ${a.targetId} waits for another operator.` } });
    },
  });
  const problems = sent ? reversalProblems(draft) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    const found = reversalProblems(draft);
    if (Object.keys(found).length > 0) return focusFirst(formRef.current, found, ['transactionId', 'note']);
    request.mutate(reversalBody(draft));
  };
  return (
    <RequestForm title="Request a reversal" submitLabel="Request the reversal" formRef={formRef} submit={submit} pending={request.isPending}
      intro="A reversal posts a new transaction that takes the original back (nothing is edited or deleted), once another finance or admin operator approves it. It is refused then if the transaction was reversed already or the user no longer has the money."
      problemsShown={Object.keys(problems).length > 0} error={request.isError ? request.error.message : null}>
      <Field name="transactionId" label="Ledger transaction id" problem={problems.transactionId}>
        {(p) => <input {...p} inputMode="numeric" autoComplete="off" value={draft.transactionId} onChange={(e) => setDraft({ ...draft, transactionId: e.target.value })} />}
      </Field>
      <Field name="note" label="Note: why (kept with the request, the ledger and the audit log)" problem={problems.note} hint={`At most ${APPROVAL_NOTE_MAX} characters.`}>
        {(p) => <input {...p} autoComplete="off" maxLength={APPROVAL_NOTE_MAX} value={draft.note} onChange={(e) => setDraft({ ...draft, note: e.target.value })} />}
      </Field>
    </RequestForm>
  );
}
