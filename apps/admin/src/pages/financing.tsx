import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  ADMIN_API, ASSET_SYMBOLS, EARLY_REDEMPTIONS, SUBSCRIPTION_STATES,
  type AdminFinancingProduct, type AdminSubscription, type FinancingProductSave, type SubscriptionState,
} from '@app/contract';
import {
  AMOUNT_FIELDS, AMOUNT_LABELS, EARLY_REDEMPTION_LABELS, MAX_TERMS, SUBSCRIPTION_STATE_LABELS,
  hasProblems, newProductDraft, productBody, productDraft, productProblems, ratePercent, savedText,
  type ProductDraft,
} from '../financing-forms';
import { plainAmount } from '../withdrawal-forms';
import { call, queryString } from '../api';
import { formatTime } from '../format';
import { PagedTable } from './pager';
import { PageTabs, ProductTable, StateUidFilter, useStateUidParams } from './list-parts';
import { Field, OutcomeNotice, type Outcome } from './withdrawals';

const PAGE_SIZE = 20;
const PRODUCTS_KEY = ['financing', 'products'];

const TABS = [{ to: '/financing', label: 'Products' }, { to: '/financing/subscriptions', label: 'Subscriptions' }] as const;

/** The products table's columns (the change form spans them). */
const PRODUCT_COLUMNS = 9;

/**
 * Fixed-term financing products (issue 19; finance, admin): what each offers and how much of it is
 * sold; created and changed here. A change applies to new subscriptions only.
 */
export function FinancingPage() {
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const products = useQuery({ queryKey: PRODUCTS_KEY, queryFn: () => call<AdminFinancingProduct[]>(ADMIN_API.financing.products) });
  const open = (id: string) => {
    setOutcome(null);
    setEditing(id);
  };
  return (
    <section className="page">
      <h1>Financing</h1>
      <PageTabs label="Financing" tabs={TABS} current="/financing" />
      <p className="notice" role="note">
        A change to a product applies to new subscriptions only: a subscription keeps the term, rate and amount it was made with until it ends.
      </p>
      <OutcomeNotice outcome={outcome} />
      {editing === 'new' ? (
        <ProductForm onClose={() => setEditing(null)} onOutcome={setOutcome} />
      ) : (
        <div className="page-actions"><button type="button" className="button" onClick={() => open('new')}>New product</button></div>
      )}
      <ProductTable query={products} caption="Financing products" empty="No financing product yet."
        head={(
          <>
            <th scope="col">Product</th><th scope="col">Terms (days: annual rate)</th><th scope="col">Per subscription</th>
            <th scope="col">Quota</th><th scope="col">Active subscriptions</th>
            <th scope="col">Sale</th><th scope="col">Early redemption</th><th scope="col">Enabled</th><th scope="col">Change</th>
          </>
        )}>
        {(items) => items.map((p) => (
          <ProductRows key={p.id} p={p} editing={editing === p.id} onEdit={() => open(p.id)} onClose={() => setEditing(null)} onOutcome={setOutcome} />
        ))}
      </ProductTable>
    </section>
  );
}

function ProductRows({ p, editing, onEdit, onClose, onOutcome }: {
  p: AdminFinancingProduct; editing: boolean; onEdit: () => void; onClose: () => void; onOutcome: (o: Outcome) => void;
}) {
  return (
    <>
      <tr data-product={p.id}>
        <td><strong>{p.name}</strong><div className="muted">{p.currency}</div></td>
        <td><ul className="terms">{p.terms.map((t) => <li key={t.days} className="nowrap">{t.days} d: {ratePercent(t.annualRate)}</li>)}</ul></td>
        <td className="mono nowrap">{plainAmount(p.minAmount)} – {plainAmount(p.maxAmount)}</td>
        <td className="nowrap">
          <div className="mono">{plainAmount(p.quota)}</div>
          <div className="muted">Sold <span className="mono">{plainAmount(p.sold)}</span></div>
          <div className="muted">Remaining <span className="mono">{plainAmount(p.remaining)}</span></div>
        </td>
        <td className="nowrap">{p.activeCount}<div className="muted mono">{plainAmount(p.activeAmount)} {p.currency}</div></td>
        <td className="nowrap">
          <div>{formatTime(p.saleStart)}</div><div>to {formatTime(p.saleEnd)}</div>
          <div className="muted">{p.onSale ? 'On sale now' : 'Not on sale'}</div>
        </td>
        <td>{EARLY_REDEMPTION_LABELS[p.earlyRedemption]}</td>
        <td>{p.enabled ? 'Yes' : <strong>No</strong>}</td>
        <td>{!editing && <button type="button" className="button button--quiet" onClick={onEdit} aria-label={`Change ${p.name}`}>Change</button>}</td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={PRODUCT_COLUMNS}><ProductForm product={p} onClose={onClose} onOutcome={onOutcome} /></td>
        </tr>
      )}
    </>
  );
}

/** Creates a product (no `product`) or changes one. */
function ProductForm({ product, onClose, onOutcome }: { product?: AdminFinancingProduct; onClose: () => void; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? productDraft(product) : newProductDraft(Date.now())));
  const [sent, setSent] = useState(false);
  const title = product ? `Change ${product.name}` : 'New financing product';
  const save = useMutation({
    mutationFn: (body: FinancingProductSave) => call<AdminFinancingProduct>(ADMIN_API.financing.saveProduct, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: savedText(next, !product) });
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      onClose();
    },
  });
  const problems = sent ? productProblems(draft) : { fields: {}, terms: [] };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (!hasProblems(productProblems(draft))) save.mutate(productBody(draft, product?.id));
  };
  const setTerm = (i: number, field: 'days' | 'annualRate', value: string) =>
    setDraft({ ...draft, terms: draft.terms.map((t, j) => (j === i ? { ...t, [field]: value } : t)) });
  const id = `product-${product?.id ?? 'new'}`;
  const f = problems.fields;
  return (
    <form className="setting card" onSubmit={submit} aria-label={title} noValidate>
      <h2>{title}</h2>
      {product && <p className="muted">Applies to new subscriptions only; the {product.activeCount} active ones keep their terms.</p>}
      <div className="setting__fields">
        <Field id={`${id}-name`} label="Name" problem={f.name}>
          {(p) => <input {...p} value={draft.name} maxLength={80} autoComplete="off" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />}
        </Field>
        <Field id={`${id}-currency`} label="Coin" problem={f.currency}>
          {(p) => (
            <select {...p} value={draft.currency} disabled={product !== undefined} onChange={(e) => setDraft({ ...draft, currency: e.target.value })}>
              {ASSET_SYMBOLS.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          )}
        </Field>
        {AMOUNT_FIELDS.map((k) => (
          <Field key={k} id={`${id}-${k}`} label={`${AMOUNT_LABELS[k]} (${draft.currency})`} problem={f[k]}>
            {(p) => <input {...p} inputMode="decimal" autoComplete="off" maxLength={40} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />}
          </Field>
        ))}
        <Field id={`${id}-saleStart`} label="Sale starts" problem={f.saleStart}>
          {(p) => <input {...p} type="datetime-local" value={draft.saleStart} onChange={(e) => setDraft({ ...draft, saleStart: e.target.value })} />}
        </Field>
        <Field id={`${id}-saleEnd`} label="Sale ends" problem={f.saleEnd}>
          {(p) => <input {...p} type="datetime-local" value={draft.saleEnd} onChange={(e) => setDraft({ ...draft, saleEnd: e.target.value })} />}
        </Field>
        <Field id={`${id}-early`} label="Early redemption">
          {(p) => (
            <select {...p} value={draft.earlyRedemption} onChange={(e) => setDraft({ ...draft, earlyRedemption: e.target.value as ProductDraft['earlyRedemption'] })}>
              {EARLY_REDEMPTIONS.map((r) => <option key={r} value={r}>{EARLY_REDEMPTION_LABELS[r]}</option>)}
            </select>
          )}
        </Field>
        <label className="setting__check"><input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} /> Enabled</label>
      </div>
      <fieldset className="terms-editor">
        <legend>Terms: days and annual rate as a decimal (0.085 is 8.5 % a year)</legend>
        {f.terms && <p className="error">{f.terms}</p>}
        {draft.terms.map((t, i) => (
          <div key={i} className="setting__fields" role="group" aria-label={`Term ${i + 1}`}>
            <Field id={`${id}-term-${i}-days`} label={`Term ${i + 1}: days`} problem={problems.terms[i]?.days}>
              {(p) => <input {...p} inputMode="numeric" autoComplete="off" maxLength={4} value={t.days} onChange={(e) => setTerm(i, 'days', e.target.value)} />}
            </Field>
            <Field id={`${id}-term-${i}-rate`} label={`Term ${i + 1}: annual rate`} problem={problems.terms[i]?.annualRate}>
              {(p) => <input {...p} inputMode="decimal" autoComplete="off" maxLength={12} value={t.annualRate} onChange={(e) => setTerm(i, 'annualRate', e.target.value)} />}
            </Field>
            <p className="muted terms-editor__percent" aria-live="polite">{t.annualRate.trim() ? `${ratePercent(t.annualRate.trim())} a year` : ''}</p>
            {draft.terms.length > 1 && (
              <button type="button" className="button button--quiet" onClick={() => setDraft({ ...draft, terms: draft.terms.filter((_, j) => j !== i) })}>
                Remove term {i + 1}
              </button>
            )}
          </div>
        ))}
        {draft.terms.length < MAX_TERMS && (
          <button type="button" className="button button--quiet" onClick={() => setDraft({ ...draft, terms: [...draft.terms, { days: '', annualRate: '' }] })}>Add a term</button>
        )}
      </fieldset>
      {save.isError && <p className="error" role="alert">The server refused it: {save.error.message}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>{save.isPending ? 'Saving…' : product ? `Save ${product.name}` : 'Create product'}</button>
        <button type="button" className="button button--quiet" disabled={save.isPending} onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}

/* ----- Subscriptions ----- */

interface SubscriptionPage {
  items: AdminSubscription[];
  page: number; size: number; total: number; totalCapped: boolean;
}

/** The users' subscriptions, by state (all by default) and user, newest first. */
export function FinancingSubscriptionsPage() {
  const { state, uid, key, show } = useStateUidParams(SUBSCRIPTION_STATES);
  return (
    <section className="page">
      <h1>Financing</h1>
      <PageTabs label="Financing" tabs={TABS} current="/financing/subscriptions" />
      <StateUidFilter key={`filter:${key}`} name="Filter subscriptions" id="subscription-uid" states={SUBSCRIPTION_STATES} labels={SUBSCRIPTION_STATE_LABELS}
        all="All states" state={state} uid={uid} onShow={show} />
      <Subscriptions key={`list:${key}`} state={state} uid={uid} />
    </section>
  );
}

function Subscriptions({ state, uid }: { state: SubscriptionState | undefined; uid: string | undefined }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['financing', 'subscriptions', state, uid, page],
    queryFn: () => call<SubscriptionPage>(`${ADMIN_API.financing.subscriptions}${queryString({ state, uid, page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const caption = `${state ? SUBSCRIPTION_STATE_LABELS[state] : 'All subscriptions'}${uid ? ` of user ${uid}` : ''}, newest first`;
  return (
    <PagedTable query={list} caption={caption} onPage={setPage} empty={<p>No subscription matches.</p>}
      head={(
        <>
          <th scope="col">Subscribed</th><th scope="col">UID</th><th scope="col">Product</th><th scope="col">Amount</th>
          <th scope="col">Term</th><th scope="col">Interest</th><th scope="col">Matures</th><th scope="col">State</th>
        </>
      )}>
      {(items) => items.map((s) => (
        <tr key={s.id}>
          <td className="nowrap">{formatTime(s.subscribedAt)}</td>
          <td className="mono"><Link to={`/financing/subscriptions?uid=${s.uid}`} aria-label={`Subscriptions of user ${s.uid}`}>{s.uid}</Link>{s.mode === 'demo' && <div className="muted">Demo</div>}</td>
          <td>{s.productName}</td>
          <td className="mono nowrap">{plainAmount(s.amount)} {s.currency}</td>
          <td className="nowrap">{s.days} d at {ratePercent(s.annualRate)}</td>
          <td className="nowrap">
            <div>Estimated <span className="mono">{plainAmount(s.estimatedInterest)}</span></div>
            {s.state === 'during' ? <div className="muted">Accrued <span className="mono">{plainAmount(s.accruedInterest)}</span></div>
              : s.paidInterest !== null && <div className="muted">Paid at the end <span className="mono">{plainAmount(s.paidInterest)}</span></div>}
          </td>
          <td className="nowrap">{formatTime(s.expiresAt)}</td>
          <td>{SUBSCRIPTION_STATE_LABELS[s.state]}{s.endedAt !== null && <div className="muted">{formatTime(s.endedAt)}</div>}</td>
        </tr>
      ))}
    </PagedTable>
  );
}
