import { useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  ADMIN_API, DEPOSIT_CHAINS, WITHDRAW_NOTE_MAX, WITHDRAW_REJECT_REASONS, WITHDRAWAL_STATES,
  type AdminWithdrawal, type AdminWithdrawalList, type WithdrawDecideBody, type WithdrawRejectReason, type WithdrawSetting,
  type WithdrawSettingRow, type WithdrawalState,
} from '@app/contract';
import {
  REJECT_REASON_LABELS, RISK_FLAG_LABELS, SETTING_FIELDS, SETTING_LABELS, STATE_LABELS,
  approveEffect, approvedByMe, decidedText, plainAmount, rejectBody, rejectEffect, rejectProblems, reviewLabel, settingBody, settingChanged,
  settingDraft, settingProblems,
  type RejectDraft, type SettingDraft,
} from '../withdrawal-forms';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { PagedTable } from './pager';
import { PageTabs, StateUidFilter, useStateUidParams } from './list-parts';

const PAGE_SIZE = 20;

/** The two views of the page: the review queue and the fees and limits per coin × chain. */
const TABS = [{ to: '/withdrawals', label: 'Review queue' }, { to: '/withdrawals/fees', label: 'Fees and limits' }] as const;

export type Outcome = { ok: boolean; text: string } | null;

export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <div aria-live="polite">{outcome?.ok && <p className="notice">{outcome.text}</p>}</div>
      {outcome && !outcome.ok && <p className="error" role="alert">{outcome.text}</p>}
    </>
  );
}

/**
 * Withdrawals' review (issue 18; finance, admin): by state, `processing` (waiting for review) by
 * default, oldest first; by UID. A processing one is approved after a confirm step saying what
 * happens (four eyes: two different operators), or rejected with a reason the user sees.
 */
export function WithdrawalsPage() {
  const { state = 'processing', uid, key, show } = useStateUidParams(WITHDRAWAL_STATES, 'processing');
  return (
    <section className="page">
      <h1>Withdrawals</h1>
      <PageTabs label="Withdrawals" tabs={TABS} current="/withdrawals" />
      {/* The address bar keeps the filter (a row's UID links to that user's withdrawals). */}
      <StateUidFilter key={`filter:${key}`} name="Filter withdrawals" id="uid" states={WITHDRAWAL_STATES} labels={STATE_LABELS} state={state} uid={uid}
        onShow={(next, nextUid) => show(next ?? 'processing', nextUid)} />
      <Queue key={`queue:${key}`} state={state} uid={uid} />
    </section>
  );
}

function Queue({ state, uid }: { state: WithdrawalState; uid: string | undefined }) {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: ['withdrawals', 'queue', state, uid, page],
    queryFn: () => call<AdminWithdrawalList>(`${ADMIN_API.withdrawals.list}${queryString({ state, uid, page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const waiting = state === 'processing';
  const caption = `${STATE_LABELS[state]}${uid ? ` of user ${uid}` : ''}, ${waiting ? 'oldest' : 'newest'} first`;
  return (
    <>
      <OutcomeNotice outcome={outcome} />
      <PagedTable query={list} caption={caption} onPage={setPage}
        empty={<p>{waiting ? 'No withdrawal waits for review.' : 'No withdrawal in this state.'}</p>}
        head={(
          <>
            <th scope="col">Withdrawal</th><th scope="col">UID</th><th scope="col">Coin</th><th scope="col">Address</th>
            <th scope="col">Amount</th><th scope="col">Value (USDT)</th><th scope="col">Risk</th><th scope="col">Review</th>
            <th scope="col">{waiting ? 'Decision' : 'Outcome'}</th>
          </>
        )}>
        {(items) => items.map((w) => <WithdrawalRow key={w.internalId} w={w} onOutcome={setOutcome} />)}
      </PagedTable>
    </>
  );
}

function RiskBadges({ w }: { w: AdminWithdrawal }) {
  if (w.riskFlags.length === 0) return <span className="muted">None</span>;
  return <ul className="badges" aria-label="Risk flags">{w.riskFlags.map((f) => <li key={f} className="badge">{RISK_FLAG_LABELS[f]}</li>)}</ul>;
}

/** A decided withdrawal: its state, who decided, the reason and note, the transaction once sent. */
function Decided({ w }: { w: AdminWithdrawal }) {
  return (
    <>
      <div><strong>{STATE_LABELS[w.state]}</strong>{w.decidedBy ? ` by ${w.decidedBy}` : ''}</div>
      {w.reason && <div>Reason: {REJECT_REASON_LABELS[w.reason]}</div>}
      {w.note && <div>Note: {w.note}</div>}
      {w.txHash && <div>Tx <span className="mono wrap">{w.txHash}</span></div>}
      {w.confirmations !== null && <div>{w.confirmations} of {w.requiredConfirmations} confirmations</div>}
    </>
  );
}

function WithdrawalRow({ w, onOutcome }: { w: AdminWithdrawal; onOutcome: (o: Outcome) => void }) {
  return (
    <tr data-number={w.number}>
      <td><div className="mono nowrap">{w.number}</div><div className="muted">{formatTime(w.createdAt)}</div></td>
      <td className="mono"><Link to={`/withdrawals?uid=${w.uid}${w.state === 'processing' ? '' : `&state=${w.state}`}`} aria-label={`Withdrawals of user ${w.uid}`}>{w.uid}</Link></td>
      <td>{w.currency}<div className="muted">{w.chainName} ({w.protocol})</div></td>
      <td className="address"><span className="mono">{w.address}</span>{w.nickname && <div className="muted">{w.nickname}</div>}</td>
      <td className="nowrap">
        <div className="mono">{plainAmount(w.amount)}</div>
        <div className="muted">Fee <span className="mono">{plainAmount(w.fee)}</span></div>
        <div className="muted">Receives <span className="mono">{plainAmount(w.receive)}</span></div>
      </td>
      <td className="mono nowrap">{plainAmount(w.valueUsdt)}</td>
      <td><RiskBadges w={w} /></td>
      <td className="review-cell">
        {reviewLabel(w)}
        {w.approvedBy.length > 0 && <div className="muted">Approved by {w.approvedBy.join(', ')}</div>}
      </td>
      <td className="decision">{w.state === 'processing' ? <Decision w={w} onOutcome={onOutcome} /> : <Decided w={w} />}</td>
    </tr>
  );
}

function Decision({ w, onOutcome }: { w: AdminWithdrawal; onOutcome: (o: Outcome) => void }) {
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'approve' | 'reject' | null>(null);
  const decide = useMutation({
    mutationFn: (body: WithdrawDecideBody) => call<AdminWithdrawal>(ADMIN_API.withdrawals.decide, body),
    onSuccess: (next) => {
      setStep(null);
      onOutcome({ ok: true, text: decidedText(next) });
    },
    // The server's words (another operator decided first, the user cancelled, you approved already).
    onError: (err) => onOutcome({ ok: false, text: `Withdrawal ${w.number} was not decided: ${err.message}` }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['withdrawals', 'queue'] }),
  });
  const open = (next: 'approve' | 'reject') => {
    onOutcome(null);
    setStep(next);
  };
  const mine = approvedByMe(w, operator?.email);
  if (step === 'approve') {
    return (
      <div className="confirm">
        <p>{approveEffect(w)}</p>
        <div className="actions">
          <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate({ id: w.internalId, approve: true })}>
            Confirm: approve withdrawal {w.number}
          </button>
          <button type="button" className="button button--quiet" disabled={decide.isPending} onClick={() => setStep(null)}>Cancel</button>
        </div>
      </div>
    );
  }
  if (step === 'reject') return <RejectForm w={w} pending={decide.isPending} onCancel={() => setStep(null)} onReject={(body) => decide.mutate(body)} />;
  return (
    <>
      {mine && <p className="muted confirm">You approved it: waiting for another operator.</p>}
      <div className="actions">
        {!mine && <button type="button" className="button" onClick={() => open('approve')} aria-label={`Approve withdrawal ${w.number}`}>Approve</button>}
        <button type="button" className="button button--quiet" onClick={() => open('reject')} aria-label={`Reject withdrawal ${w.number}`}>Reject</button>
      </div>
    </>
  );
}

function RejectForm({ w, pending, onCancel, onReject }: { w: AdminWithdrawal; pending: boolean; onCancel: () => void; onReject: (body: WithdrawDecideBody) => void }) {
  const [draft, setDraft] = useState<RejectDraft>({ reason: '', note: '' });
  const [sent, setSent] = useState(false);
  const problems = sent ? rejectProblems(draft) : {};
  const id = `reject-${w.internalId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (Object.keys(rejectProblems(draft)).length === 0) onReject(rejectBody(w.internalId, draft));
  };
  return (
    <form className="confirm" onSubmit={submit} aria-label={`Reject withdrawal ${w.number}`} noValidate>
      <p>{rejectEffect(w)}</p>
      <label className="field"><span>Reason (the user sees it)</span>
        <select value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value as WithdrawRejectReason | '' })}
          aria-invalid={problems.reason ? true : undefined} aria-describedby={problems.reason ? `${id}-reason` : undefined}>
          <option value="">Choose a reason</option>
          {WITHDRAW_REJECT_REASONS.map((r) => <option key={r} value={r}>{REJECT_REASON_LABELS[r]}</option>)}
        </select>
      </label>
      {problems.reason && <p className="error" id={`${id}-reason`}>{problems.reason}</p>}
      <label className="field"><span>Note to the user (optional)</span>
        <input value={draft.note} maxLength={WITHDRAW_NOTE_MAX} autoComplete="off" onChange={(e) => setDraft({ ...draft, note: e.target.value })} />
      </label>
      <div className="actions">
        <button type="submit" className="button button--danger" disabled={pending}>Confirm: reject withdrawal {w.number}</button>
        <button type="button" className="button button--quiet" disabled={pending} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

/* ----- Fees and limits per coin × chain: read by finance and admin, changed by admin ----- */

const chainLabel = (row: Pick<WithdrawSettingRow, 'chainType'>) => `${DEPOSIT_CHAINS[row.chainType].name} (${DEPOSIT_CHAINS[row.chainType].protocol})`;
const routeName = (row: Pick<WithdrawSettingRow, 'currency' | 'chainType'>) => `${row.currency} on ${DEPOSIT_CHAINS[row.chainType].name}`;
/** The settings table's columns for an admin (the one who edits). */
const SETTINGS_COLUMNS = 10;

/** The operators' fee, limits and switch of each coin on each chain, and whether a signer serves the chain. */
export function WithdrawalFeesPage() {
  const { operator } = useAuth();
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const settings = useQuery({ queryKey: ['withdrawals', 'settings'], queryFn: () => call<WithdrawSettingRow[]>(ADMIN_API.withdrawals.settings) });
  const admin = operator?.role === 'admin';
  return (
    <section className="page">
      <h1>Withdrawals</h1>
      <PageTabs label="Withdrawals" tabs={TABS} current="/withdrawals/fees" />
      <p>
        What a user pays and may withdraw of each coin on each network. A withdrawal needs the route enabled and a signer (a node and
        a hot-wallet key) for its network. {admin ? 'The fee must be below the minimum, the minimum at most the maximum, the maximum at most the daily limit.' : 'Only an admin can change them.'}
      </p>
      <OutcomeNotice outcome={outcome} />
      {settings.isError && <p className="error" role="alert">{settings.error.message}</p>}
      {settings.isPending && <p role="status">Loading…</p>}
      {settings.data && (
        // Focusable: a finance operator's table has no control in it, and it scrolls sideways on a narrow window.
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Fees and limits per coin and network">
          <table className="table">
            <caption className="visually-hidden">Fees and limits per coin and network</caption>
            <thead>
              <tr>
                <th scope="col">Coin</th><th scope="col">Network</th><th scope="col">Fee</th><th scope="col">Minimum</th><th scope="col">Maximum</th>
                <th scope="col">Daily limit</th><th scope="col">Enabled</th><th scope="col">Signer</th><th scope="col">Updated</th>
                {admin && <th scope="col">Change</th>}
              </tr>
            </thead>
            <tbody>
              {settings.data.map((row) => {
                const key = `${row.currency}:${row.chainType}`;
                return (
                  <SettingRows key={key} row={row} editing={editing === key} admin={admin}
                    onEdit={() => { setOutcome(null); setEditing(key); }} onClose={() => setEditing(null)} onOutcome={setOutcome} />
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SettingRows({ row, editing, admin, onEdit, onClose, onOutcome }: {
  row: WithdrawSettingRow; editing: boolean; admin: boolean; onEdit: () => void; onClose: () => void; onOutcome: (o: Outcome) => void;
}) {
  const name = routeName(row);
  return (
    <>
      <tr>
        <td>{row.currency}</td>
        <td className="nowrap">{chainLabel(row)}</td>
        {SETTING_FIELDS.map((f) => <td key={f} className="mono nowrap">{plainAmount(row[f])}</td>)}
        <td>{row.enabled ? 'Yes' : 'No'}</td>
        <td>{row.signer ? 'Yes' : <strong>No</strong>}</td>
        <td className="nowrap">{formatTime(row.updatedAt)}<div className="muted">{row.updatedBy ?? 'Defaults'}</div></td>
        {admin && <td>{!editing && <button type="button" className="button button--quiet" onClick={onEdit} aria-label={`Change ${name}`}>Change</button>}</td>}
      </tr>
      {editing && (
        <tr>
          <td colSpan={SETTINGS_COLUMNS}><SettingForm row={row} onClose={onClose} onOutcome={onOutcome} /></td>
        </tr>
      )}
    </>
  );
}

function SettingForm({ row, onClose, onOutcome }: { row: WithdrawSettingRow; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingDraft>(() => settingDraft(row));
  const [sent, setSent] = useState(false);
  const name = routeName(row);
  const save = useMutation({
    mutationFn: (body: WithdrawSetting) => call<WithdrawSettingRow>(ADMIN_API.withdrawals.updateSetting, body),
    onSuccess: (next) => {
      queryClient.setQueryData<WithdrawSettingRow[]>(['withdrawals', 'settings'], (rows) => rows?.map((r) => (r.currency === next.currency && r.chainType === next.chainType ? next : r)));
      onOutcome({ ok: true, text: `${name} saved: fee ${plainAmount(next.fee)}, minimum ${plainAmount(next.minAmount)}, maximum ${plainAmount(next.maxAmount)}, daily limit ${plainAmount(next.dailyLimit)}, ${next.enabled ? 'enabled' : 'switched off'}.` });
      onClose();
    },
  });
  const problems = sent ? settingProblems(row.currency, draft) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (Object.keys(settingProblems(row.currency, draft)).length > 0) return;
    if (!settingChanged(row, draft)) return onClose();
    save.mutate(settingBody(row, draft));
  };
  const id = `setting-${row.currency}-${row.chainType}`;
  return (
    <form className="setting" onSubmit={submit} aria-label={`Change ${name}`} noValidate>
      <div className="setting__fields">
        {SETTING_FIELDS.map((f) => (
          <Field key={f} id={`${id}-${f}`} label={`${SETTING_LABELS[f]} (${row.currency})`} problem={problems[f]}>
            {(p) => <input {...p} inputMode="decimal" autoComplete="off" maxLength={40} value={draft[f]} onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} />}
          </Field>
        ))}
        <label className="setting__check"><input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} /> Enabled</label>
      </div>
      {save.isError && <p className="error" role="alert">The server refused the change: {save.error.message}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>{save.isPending ? 'Saving…' : `Save ${name}`}</button>
        <button type="button" className="button button--quiet" disabled={save.isPending} onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}

export interface FieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function Field({ id, label, problem, children }: { id: string; label: string; problem?: string; children: (props: FieldProps) => ReactNode }) {
  const problemId = `${id}-problem`;
  return (
    <div>
      <label className="field"><span>{label}</span>{children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? problemId : undefined })}</label>
      {problem && <p className="error setting__problem" id={problemId}>{problem}</p>}
    </div>
  );
}
