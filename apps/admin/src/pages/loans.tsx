import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ADMIN_API, ASSET_SYMBOLS, HEADER_LANGS, LOAN_NOTE_MAX, LOAN_REJECT_REASONS, LOAN_RULES_MAX, LOAN_STATES,
  type AdminLoan, type AdminLoanList, type AdminLoanProduct, type LoanDecideBody, type LoanProductSave, type LoanRejectReason, type LoanState,
} from '@app/contract';
import {
  LANG_LABELS, LOAN_REJECT_LABELS, LOAN_STATE_LABELS,
  dailyText, loanApproveEffect, loanDecidedText, loanProductBody, loanProductDraft, loanProductProblems, loanRejectEffect, loanRejection, loanReviewLabel,
  newLoanProductDraft, type LoanProductDraft, type LoanRejectDraft,
} from '../loan-forms';
import { approvedByMe, plainAmount } from '../withdrawal-forms';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { PagedTable } from './pager';
import { PageTabs, ProductTable, StateUidFilter, useStateUidParams } from './list-parts';
import { Photo } from './kyc';
import { Field, OutcomeNotice, type Outcome } from './withdrawals';

const PAGE_SIZE = 20;
const PRODUCTS_KEY = ['loans', 'products'];

const TABS = [{ to: '/loans', label: 'Review queue' }, { to: '/loans/products', label: 'Products' }] as const;

/**
 * Loan applications' review (issue 19; finance, admin): by state, `pending` by default, oldest
 * first; by UID. Each opens on its own page with the user's documents and the decision.
 */
export function LoansPage() {
  const { state = 'pending', uid, key, show } = useStateUidParams(LOAN_STATES, 'pending');
  return (
    <section className="page">
      <h1>Loans</h1>
      <PageTabs label="Loans" tabs={TABS} current="/loans" />
      <StateUidFilter key={`filter:${key}`} name="Filter loans" id="loan-uid" states={LOAN_STATES} labels={LOAN_STATE_LABELS} state={state} uid={uid}
        onShow={(next, nextUid) => show(next ?? 'pending', nextUid)} />
      <LoanQueue key={`queue:${key}`} state={state} uid={uid} />
    </section>
  );
}

function LoanQueue({ state, uid }: { state: LoanState; uid: string | undefined }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['loans', 'queue', state, uid, page],
    queryFn: () => call<AdminLoanList>(`${ADMIN_API.loans.list}${queryString({ state, uid, page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const waiting = state === 'pending';
  const caption = `${LOAN_STATE_LABELS[state]}${uid ? ` of user ${uid}` : ''}, ${waiting ? 'oldest' : 'newest'} first`;
  return (
    <PagedTable query={list} caption={caption} onPage={setPage}
      empty={<p>{waiting ? 'No loan application waits for review.' : 'No loan in this state.'}</p>}
      head={(
        <>
          <th scope="col">Application</th><th scope="col">UID</th><th scope="col">Product</th><th scope="col">Amount</th>
          <th scope="col">Value (USDT)</th><th scope="col">Period and rates</th><th scope="col">Review</th><th scope="col">{waiting ? 'Decision' : 'Outcome'}</th>
        </>
      )}>
      {(items) => items.map((l) => (
        <tr key={l.internalId} data-number={l.number}>
          <td><div className="mono nowrap">{l.number}</div><div className="muted">{formatTime(l.createdAt)}</div></td>
          <td className="mono"><Link to={`/loans?uid=${l.uid}${l.state === 'pending' ? '' : `&state=${l.state}`}`} aria-label={`Loans of user ${l.uid}`}>{l.uid}</Link></td>
          <td>{l.productName}</td>
          <td className="mono nowrap">{plainAmount(l.amount)} {l.currency}</td>
          <td className="mono nowrap">{plainAmount(l.valueUsdt)}</td>
          <td className="nowrap">{l.periodDays} d at {dailyText(l.dailyRate)}<div className="muted">Late: {dailyText(l.lateDailyRate)}</div></td>
          <td className="review-cell">{loanReviewLabel(l)}{l.approvedBy.length > 0 && <div className="muted">Approved by {l.approvedBy.join(', ')}</div>}</td>
          <td className="decision">
            {waiting ? <Link to={`/loans/${l.internalId}`} aria-label={`Review loan ${l.number}`}>Review</Link> : (
              <><strong>{LOAN_STATE_LABELS[l.state]}</strong>{l.overdue && <div><strong>Overdue {l.overdueDays} d</strong></div>}<div><Link to={`/loans/${l.internalId}`} aria-label={`Open loan ${l.number}`}>Open</Link></div></>
            )}
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}

/** One application: the user, the loan, its documents, and the decision (approve after a confirm step; reject with a reason). */
export function LoanReviewPage() {
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: ['loans', 'detail', id],
    queryFn: () => call<AdminLoan>(`${ADMIN_API.loans.detail}${queryString({ id })}`),
    enabled: Number.isSafeInteger(id) && id > 0,
    // Reads of an application are audited: once per visit.
    staleTime: Infinity,
  });
  // Here, not in the decision: a decided application has no decision form, and the outcome stays.
  const [outcome, setOutcome] = useState<Outcome>(null);
  const back = <p><Link to="/loans">← Loan review queue</Link></p>;
  if (detail.isError) return <section className="page">{back}<h1>Loan application</h1><p className="error" role="alert">{detail.error.message}</p></section>;
  if (!detail.data) return <section className="page">{back}<h1>Loan application</h1><p role="status">Loading…</p></section>;
  const l = detail.data;
  const rows: Array<[string, string]> = [
    ['UID', l.uid], ['KYC level', l.kycLevel], ['Product', l.productName], ['Amount', `${plainAmount(l.amount)} ${l.currency}`],
    ['Value in USDT', plainAmount(l.valueUsdt)], ['Period', `${l.periodDays} days`], ['Daily rate', dailyText(l.dailyRate)],
    ['Late daily rate', dailyText(l.lateDailyRate)], ['Interest of the period', `${plainAmount(l.interest)} ${l.currency}`],
    ['Amount due', `${plainAmount(l.amountDue)} ${l.currency}`], ['Applied', formatTime(l.createdAt)], ['Review', loanReviewLabel(l)],
    ['State', LOAN_STATE_LABELS[l.state]],
  ];
  if (l.approvedBy.length > 0) rows.push(['Approved by', l.approvedBy.join(', ')]);
  if (l.decidedBy) rows.push(['Decided by', l.decidedBy]);
  if (l.rejectReason) rows.push(['Reason', LOAN_REJECT_LABELS[l.rejectReason]]);
  if (l.rejectNote) rows.push(['Note', l.rejectNote]);
  if (l.dueAt !== null) rows.push(['Due', formatTime(l.dueAt)]);
  return (
    <section className="page">
      {back}
      <h1>Loan {l.number}</h1>
      <div className="review">
        <div className="card">
          <h2>Details</h2>
          <dl className="details-list">
            {rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd className={k === 'UID' ? 'mono' : undefined}>{v}</dd></div>)}
          </dl>
          <OutcomeNotice outcome={outcome} />
          {l.state === 'pending' ? <LoanDecision l={l} onOutcome={setOutcome} /> : null}
        </div>
        <div className="photos">
          {Array.from({ length: l.photoCount }, (_, index) => (
            <Photo key={index} label={`Document ${index + 1}`} path={`${ADMIN_API.loans.photo}${queryString({ id: l.internalId, index })}`} />
          ))}
        </div>
      </div>
    </section>
  );
}

function LoanDecision({ l, onOutcome: setOutcome }: { l: AdminLoan; onOutcome: (o: Outcome) => void }) {
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'approve' | 'reject' | null>(null);
  const decide = useMutation({
    mutationFn: (body: LoanDecideBody) => call<AdminLoan>(ADMIN_API.loans.decide, body),
    onSuccess: (next) => {
      setStep(null);
      setOutcome({ ok: true, text: loanDecidedText(next) });
      queryClient.setQueryData(['loans', 'detail', l.internalId], next);
    },
    // The server's words (another operator decided first, you approved already, the loan book…).
    onError: (err) => setOutcome({ ok: false, text: `Loan ${l.number} was not decided: ${err.message}` }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['loans', 'queue'] }),
  });
  const open = (next: 'approve' | 'reject') => {
    setOutcome(null);
    setStep(next);
  };
  const mine = approvedByMe(l, operator?.email);
  return (
    <div className="decide">
      <h2>Decision</h2>
      {step === 'approve' && (
        <div className="confirm">
          <p>{loanApproveEffect(l)}</p>
          <div className="actions">
            <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate({ id: l.internalId, approve: true })}>
              Confirm: approve loan {l.number}
            </button>
            <button type="button" className="button button--quiet" disabled={decide.isPending} onClick={() => setStep(null)}>Cancel</button>
          </div>
        </div>
      )}
      {step === 'reject' && <LoanRejectForm l={l} pending={decide.isPending} onCancel={() => setStep(null)} onReject={(body) => decide.mutate(body)} />}
      {step === null && (
        <>
          {mine && <p className="muted confirm">You approved it: waiting for another operator.</p>}
          <div className="actions">
            {!mine && <button type="button" className="button" onClick={() => open('approve')} aria-label={`Approve loan ${l.number}`}>Approve</button>}
            <button type="button" className="button button--quiet" onClick={() => open('reject')} aria-label={`Reject loan ${l.number}`}>Reject</button>
          </div>
        </>
      )}
    </div>
  );
}

function LoanRejectForm({ l, pending, onCancel, onReject }: { l: AdminLoan; pending: boolean; onCancel: () => void; onReject: (body: LoanDecideBody) => void }) {
  const [draft, setDraft] = useState<LoanRejectDraft>({ reason: '', note: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const id = `reject-${l.internalId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = loanRejection(l.internalId, draft);
    if ('problem' in found) return setProblem(found.problem);
    setProblem(null);
    onReject(found.body);
  };
  return (
    <form className="confirm" onSubmit={submit} aria-label={`Reject loan ${l.number}`} noValidate>
      <p>{loanRejectEffect(l)}</p>
      <label className="field"><span>Reason (the user sees it)</span>
        <select value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value as LoanRejectReason | '' })}
          aria-invalid={problem && !draft.reason ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined}>
          <option value="">Choose a reason</option>
          {LOAN_REJECT_REASONS.map((r) => <option key={r} value={r}>{LOAN_REJECT_LABELS[r]}</option>)}
        </select>
      </label>
      <label className="field"><span>Note to the user (optional)</span>
        <input value={draft.note} maxLength={LOAN_NOTE_MAX} autoComplete="off" onChange={(e) => setDraft({ ...draft, note: e.target.value })} />
      </label>
      {problem && <p className="error" id={`${id}-problem`}>{problem}</p>}
      <div className="actions">
        <button type="submit" className="button button--danger" disabled={pending}>Confirm: reject loan {l.number}</button>
        <button type="button" className="button button--quiet" disabled={pending} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

/* ----- Loan products ----- */

/** The loan products table's columns (the change form spans them). */
const LOAN_PRODUCT_COLUMNS = 8;

/** Loan products (finance, admin): amounts, period, rates, rules text per language; created and changed here. */
export function LoanProductsPage() {
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const products = useQuery({ queryKey: PRODUCTS_KEY, queryFn: () => call<AdminLoanProduct[]>(ADMIN_API.loans.products) });
  const open = (id: string) => {
    setOutcome(null);
    setEditing(id);
  };
  return (
    <section className="page">
      <h1>Loans</h1>
      <PageTabs label="Loans" tabs={TABS} current="/loans/products" />
      <p className="notice" role="note">A change to a product applies to new applications only: a loan keeps the rates and period it was applied for with.</p>
      <OutcomeNotice outcome={outcome} />
      {editing === 'new' ? (
        <LoanProductForm onClose={() => setEditing(null)} onOutcome={setOutcome} />
      ) : (
        <div className="page-actions"><button type="button" className="button" onClick={() => open('new')}>New loan product</button></div>
      )}
      <ProductTable query={products} caption="Loan products" empty="No loan product yet."
        head={(
          <>
            <th scope="col">Product</th><th scope="col">Amount</th><th scope="col">Period</th><th scope="col">Daily rate</th>
            <th scope="col">Late daily rate</th><th scope="col">Rules in</th><th scope="col">Enabled</th><th scope="col">Change</th>
          </>
        )}>
        {(items) => items.map((p) => (
          <LoanProductRows key={p.id} p={p} editing={editing === p.id} onEdit={() => open(p.id)} onClose={() => setEditing(null)} onOutcome={setOutcome} />
        ))}
      </ProductTable>
    </section>
  );
}

function LoanProductRows({ p, editing, onEdit, onClose, onOutcome }: {
  p: AdminLoanProduct; editing: boolean; onEdit: () => void; onClose: () => void; onOutcome: (o: Outcome) => void;
}) {
  const langs = HEADER_LANGS.filter((lang) => p.rules[lang]);
  return (
    <>
      <tr data-product={p.id}>
        <td><strong>{p.name}</strong><div className="muted">{p.currency}</div></td>
        <td className="mono nowrap">{plainAmount(p.minAmount)} – {plainAmount(p.maxAmount)}</td>
        <td className="nowrap">{p.periodDays} d</td>
        <td className="nowrap">{dailyText(p.dailyRate)}</td>
        <td className="nowrap">{dailyText(p.lateDailyRate)}</td>
        <td>{langs.map((lang) => LANG_LABELS[lang]).join(', ')}</td>
        <td>{p.enabled ? 'Yes' : <strong>No</strong>}</td>
        <td>{!editing && <button type="button" className="button button--quiet" onClick={onEdit} aria-label={`Change ${p.name}`}>Change</button>}</td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={LOAN_PRODUCT_COLUMNS}><LoanProductForm product={p} onClose={onClose} onOutcome={onOutcome} /></td>
        </tr>
      )}
    </>
  );
}

const RATE_FIELDS = [['dailyRate', 'Daily rate (0.0005 is 0.05 % a day)'], ['lateDailyRate', 'Late daily rate, once overdue']] as const;

function LoanProductForm({ product, onClose, onOutcome }: { product?: AdminLoanProduct; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LoanProductDraft>(() => (product ? loanProductDraft(product) : newLoanProductDraft()));
  const [sent, setSent] = useState(false);
  const title = product ? `Change ${product.name}` : 'New loan product';
  const save = useMutation({
    mutationFn: (body: LoanProductSave) => call<AdminLoanProduct>(ADMIN_API.loans.saveProduct, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: `${next.name} ${product ? 'saved' : 'created'}: ${plainAmount(next.minAmount)} to ${plainAmount(next.maxAmount)} ${next.currency}, ${next.periodDays} days at ${dailyText(next.dailyRate)}, ${next.enabled ? 'enabled' : 'switched off'}.` });
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      onClose();
    },
  });
  const problems = sent ? loanProductProblems(draft) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (Object.keys(loanProductProblems(draft)).length === 0) save.mutate(loanProductBody(draft, product?.id));
  };
  const id = `loan-product-${product?.id ?? 'new'}`;
  return (
    <form className="setting card" onSubmit={submit} aria-label={title} noValidate>
      <h2>{title}</h2>
      <div className="setting__fields">
        <Field id={`${id}-name`} label="Name" problem={problems.name}>
          {(p) => <input {...p} value={draft.name} maxLength={80} autoComplete="off" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />}
        </Field>
        <Field id={`${id}-currency`} label="Coin" problem={problems.currency}>
          {(p) => (
            <select {...p} value={draft.currency} disabled={product !== undefined} onChange={(e) => setDraft({ ...draft, currency: e.target.value })}>
              {ASSET_SYMBOLS.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          )}
        </Field>
        <Field id={`${id}-min`} label={`Minimum (${draft.currency})`} problem={problems.minAmount}>
          {(p) => <input {...p} inputMode="decimal" autoComplete="off" maxLength={40} value={draft.minAmount} onChange={(e) => setDraft({ ...draft, minAmount: e.target.value })} />}
        </Field>
        <Field id={`${id}-max`} label={`Maximum (${draft.currency})`} problem={problems.maxAmount}>
          {(p) => <input {...p} inputMode="decimal" autoComplete="off" maxLength={40} value={draft.maxAmount} onChange={(e) => setDraft({ ...draft, maxAmount: e.target.value })} />}
        </Field>
        <Field id={`${id}-period`} label="Period (days)" problem={problems.periodDays}>
          {(p) => <input {...p} inputMode="numeric" autoComplete="off" maxLength={4} value={draft.periodDays} onChange={(e) => setDraft({ ...draft, periodDays: e.target.value })} />}
        </Field>
        {RATE_FIELDS.map(([k, label]) => (
          <Field key={k} id={`${id}-${k}`} label={label} problem={problems[k]}>
            {(p) => <input {...p} inputMode="decimal" autoComplete="off" maxLength={12} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />}
          </Field>
        ))}
        <label className="setting__check"><input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} /> Enabled</label>
      </div>
      <fieldset className="rules-editor">
        <legend>Rules the user accepts before applying (English required; a language left empty shows the English text)</legend>
        {HEADER_LANGS.map((lang) => (
          <Field key={lang} id={`${id}-rules-${lang}`} label={`Rules in ${LANG_LABELS[lang]}${lang === 'en' ? ' (required)' : ''}`} problem={problems[`rules.${lang}`]}>
            {(p) => <textarea {...p} lang={lang} rows={lang === 'en' ? 5 : 2} maxLength={LOAN_RULES_MAX} value={draft.rules[lang]} onChange={(e) => setDraft({ ...draft, rules: { ...draft.rules, [lang]: e.target.value } })} />}
          </Field>
        ))}
      </fieldset>
      {save.isError && <p className="error" role="alert">The server refused it: {save.error.message}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>{save.isPending ? 'Saving…' : product ? `Save ${product.name}` : 'Create loan product'}</button>
        <button type="button" className="button button--quiet" disabled={save.isPending} onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}
