import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  ADMIN_API,
  ASSET_SYMBOLS,
  EARLY_REDEMPTIONS,
  SUBSCRIPTION_STATES,
  type AdminFinancingProduct,
  type AdminSubscription,
  type FinancingProductSave,
  type SubscriptionState,
} from '@app/contract';
import {
  AMOUNT_FIELDS,
  AMOUNT_LABELS,
  EARLY_REDEMPTION_LABELS,
  MAX_TERMS,
  SUBSCRIPTION_STATE_LABELS,
  hasProblems,
  newProductDraft,
  productBody,
  productDraft,
  productProblems,
  ratePercent,
  savedText,
  type ProductDraft,
} from '../financing-forms';
import { plainAmount } from '../withdrawal-forms';
import { call, queryString } from '../api';
import { formatTime, groupedAmount } from '../format';
import { namedIn } from '../product-names';
import { Alert, Button, Checkbox, Form, Input, Select, Space } from 'antd';
import {
  byNumber,
  byText,
  changeColumn,
  enabledColumn,
  PagedTable,
  sortOnPage,
  WholeTable,
  type Column,
} from '../ui/data-table';
import { DateTimeField } from '../ui/date-field';
import { ErrorAlert, Field, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout, PageTabs } from '../ui/page';
import { StateUidFilter, useStateUidParams } from './list-parts';
import { NamesFieldset, ProductNameCell } from './product-names';

const PAGE_SIZE = 20;
const PRODUCTS_KEY = ['financing', 'products'];

const TABS = [
  { to: '/financing', label: 'Products' },
  { to: '/financing/subscriptions', label: 'Subscriptions' },
] as const;

const termsOf = (p: AdminFinancingProduct) =>
  p.terms.map((t) => `${t.days} d: ${ratePercent(t.annualRate)}`).join('; ');

/**
 * Fixed-term financing products (issue 19; finance, admin): what each offers and how much of it is
 * sold; created and changed here. A change applies to new subscriptions only.
 */
export function FinancingPage() {
  const [editing, setEditing] = useState<AdminFinancingProduct | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const products = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: () => call<AdminFinancingProduct[]>(ADMIN_API.financing.products),
  });
  const open = (next: AdminFinancingProduct | 'new') => {
    setOutcome(null);
    setEditing(next);
  };
  const columns: Column<AdminFinancingProduct>[] = [
    {
      title: 'Product',
      render: (_, p) => <ProductNameCell name={p.name} names={p.names} currency={p.currency} />,
      ...sortOnPage(byText((p) => p.name)),
      csv: (p) => `${p.name} (${p.currency}); also named in: ${namedIn(p.names)}`,
    },
    {
      title: 'Terms (days: annual rate)',
      render: (_, p) => (
        <ul className="terms">
          {p.terms.map((t) => (
            <li key={t.days} className="nowrap">
              {t.days} d: {ratePercent(t.annualRate)}
            </li>
          ))}
        </ul>
      ),
      csv: termsOf,
    },
    {
      title: 'Per subscription',
      className: 'mono nowrap',
      render: (_, p) => `${groupedAmount(p.minAmount)} – ${groupedAmount(p.maxAmount)}`,
      csv: (p) => `${plainAmount(p.minAmount)} – ${plainAmount(p.maxAmount)}`,
    },
    {
      // Real money only: demo subscriptions take no quota and are no sale (decision 0146).
      title: 'Quota (real account)',
      className: 'nowrap',
      ...sortOnPage(byNumber((p) => p.remaining)),
      csv: (p) => `${plainAmount(p.quota)}; sold ${plainAmount(p.sold)}; remaining ${plainAmount(p.remaining)}`,
      render: (_, p) => (
        <>
          <div className="mono">{groupedAmount(p.quota)}</div>
          <div className="muted">
            Sold <span className="mono">{groupedAmount(p.sold)}</span>
          </div>
          <div className="muted">
            Remaining <span className="mono">{groupedAmount(p.remaining)}</span>
          </div>
        </>
      ),
    },
    {
      title: 'Active subscriptions (real account)',
      className: 'nowrap',
      render: (_, p) => (
        <>
          {p.activeCount}
          <div className="muted mono">
            {groupedAmount(p.activeAmount)} {p.currency}
          </div>
        </>
      ),
      ...sortOnPage(byNumber((p) => p.activeCount)),
      csv: (p) => `${p.activeCount}; ${plainAmount(p.activeAmount)} ${p.currency}`,
    },
    {
      title: 'Sale',
      className: 'nowrap',
      csv: (p) => `${formatTime(p.saleStart)} to ${formatTime(p.saleEnd)}${p.onSale ? ' (on sale now)' : ''}`,
      render: (_, p) => (
        <>
          <div>{formatTime(p.saleStart)}</div>
          <div>to {formatTime(p.saleEnd)}</div>
          <div className="muted">{p.onSale ? 'On sale now' : 'Not on sale'}</div>
        </>
      ),
      filters: [
        { value: true, text: 'On sale now' },
        { value: false, text: 'Not on sale' },
      ],
      onFilter: (v, p) => p.onSale === v,
    },
    {
      title: 'Early redemption',
      render: (_, p) => EARLY_REDEMPTION_LABELS[p.earlyRedemption],
      csv: (p) => EARLY_REDEMPTION_LABELS[p.earlyRedemption],
    },
    enabledColumn(),
    changeColumn(
      (p) => open(p),
      (p) => p.name,
    ),
  ];
  const title = editing === 'new' ? 'New financing product' : editing ? `Change ${editing.name}` : '';
  return (
    <PageLayout title="Financing">
      <PageTabs label="Financing" tabs={TABS} current="/financing" />
      <Alert
        className="spaced"
        type="info"
        role="note"
        title="A change to a product applies to new subscriptions only: a subscription keeps the term, rate and amount it was made with until it ends."
      />
      <OutcomeNotice outcome={outcome} />
      <WholeTable
        query={products}
        columns={columns}
        rowKey={(p) => p.id}
        caption="Financing products"
        empty="No financing product yet."
        exportName="financing products"
        rowAttributes={(p) => ({ 'data-product': p.id })}
        toolbar={
          <Button type="primary" onClick={() => open('new')}>
            New product
          </Button>
        }
      />
      <FormModal title={title} open={editing !== null} onClose={() => setEditing(null)} width={960}>
        {editing && (
          <ProductForm
            title={title}
            product={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onOutcome={setOutcome}
          />
        )}
      </FormModal>
    </PageLayout>
  );
}

/** Creates a product (no `product`) or changes one. */
function ProductForm({
  title,
  product,
  onClose,
  onOutcome,
}: {
  title: string;
  product?: AdminFinancingProduct | undefined;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product ? productDraft(product) : newProductDraft(Date.now()),
  );
  const [sent, setSent] = useState(false);
  const save = useMutation({
    mutationFn: (body: FinancingProductSave) => call<AdminFinancingProduct>(ADMIN_API.financing.saveProduct, body),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: savedText(next, !product) });
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      onClose();
    },
  });
  const problems = sent ? productProblems(draft) : { fields: {}, terms: [] };
  const submit = () => {
    setSent(true);
    if (!hasProblems(productProblems(draft))) save.mutate(productBody(draft, product?.id));
  };
  const setTerm = (i: number, field: 'days' | 'annualRate', value: string) =>
    setDraft({ ...draft, terms: draft.terms.map((t, j) => (j === i ? { ...t, [field]: value } : t)) });
  const id = `product-${product?.id ?? 'new'}`;
  const f = problems.fields;
  return (
    <Form className="setting" layout="vertical" onFinish={submit} aria-label={title}>
      {product && (
        <p className="muted">
          Applies to new subscriptions only; the {product.activeCount} active ones keep their terms.
        </p>
      )}
      <div className="setting__fields">
        <Field
          id={`${id}-name`}
          label="Name in English (required)"
          hint="Shown in every language without a name of its own"
          problem={f.name}
        >
          {(p) => (
            <Input
              {...p}
              value={draft.name}
              maxLength={80}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-currency`} label="Coin" problem={f.currency}>
          {(p) => (
            <Select
              {...p}
              value={draft.currency}
              disabled={product !== undefined}
              onChange={(currency: string) => setDraft({ ...draft, currency })}
              options={ASSET_SYMBOLS.map((c) => ({ value: c, label: c }))}
            />
          )}
        </Field>
        {AMOUNT_FIELDS.map((k) => (
          <Field key={k} id={`${id}-${k}`} label={`${AMOUNT_LABELS[k]} (${draft.currency})`} problem={f[k]}>
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                value={draft[k]}
                onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
              />
            )}
          </Field>
        ))}
        <Field id={`${id}-saleStart`} label="Sale starts" problem={f.saleStart}>
          {(p) => (
            <DateTimeField {...p} value={draft.saleStart} onChange={(saleStart) => setDraft({ ...draft, saleStart })} />
          )}
        </Field>
        <Field id={`${id}-saleEnd`} label="Sale ends" problem={f.saleEnd}>
          {(p) => (
            <DateTimeField {...p} value={draft.saleEnd} onChange={(saleEnd) => setDraft({ ...draft, saleEnd })} />
          )}
        </Field>
        <Field id={`${id}-early`} label="Early redemption">
          {(p) => (
            <Select
              {...p}
              value={draft.earlyRedemption}
              onChange={(earlyRedemption: ProductDraft['earlyRedemption']) => setDraft({ ...draft, earlyRedemption })}
              options={EARLY_REDEMPTIONS.map((r) => ({ value: r, label: EARLY_REDEMPTION_LABELS[r] }))}
            />
          )}
        </Field>
      </div>
      <NamesFieldset id={id} names={draft.names} problems={f} onChange={(names) => setDraft({ ...draft, names })} />
      <Form.Item>
        <Checkbox checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}>
          Enabled
        </Checkbox>
      </Form.Item>
      <fieldset className="terms-editor">
        <legend>Terms: days and annual rate as a decimal (0.085 is 8.5 % a year)</legend>
        <ErrorAlert text={f.terms} />
        {draft.terms.map((t, i) => (
          <div key={i} className="term-row" role="group" aria-label={`Term ${i + 1}`}>
            <Field id={`${id}-term-${i}-days`} label={`Term ${i + 1}: days`} problem={problems.terms[i]?.days}>
              {(p) => (
                <Input
                  {...p}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={4}
                  value={t.days}
                  onChange={(e) => setTerm(i, 'days', e.target.value)}
                />
              )}
            </Field>
            <Field
              id={`${id}-term-${i}-rate`}
              label={`Term ${i + 1}: annual rate`}
              problem={problems.terms[i]?.annualRate}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={12}
                  value={t.annualRate}
                  onChange={(e) => setTerm(i, 'annualRate', e.target.value)}
                />
              )}
            </Field>
            <p className="muted terms-editor__percent" aria-live="polite">
              {t.annualRate.trim() ? `${ratePercent(t.annualRate.trim())} a year` : ''}
            </p>
            {draft.terms.length > 1 && (
              <Button onClick={() => setDraft({ ...draft, terms: draft.terms.filter((_, j) => j !== i) })}>
                Remove term {i + 1}
              </Button>
            )}
          </div>
        ))}
        {draft.terms.length < MAX_TERMS && (
          <Button onClick={() => setDraft({ ...draft, terms: [...draft.terms, { days: '', annualRate: '' }] })}>
            Add a term
          </Button>
        )}
      </fieldset>
      <ErrorAlert text={save.isError ? `The server refused it: ${save.error.message}` : null} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : product ? `Save ${product.name}` : 'Create product'}
        </Button>
        <Button disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}

/* ----- Subscriptions ----- */

interface SubscriptionPage {
  items: AdminSubscription[];
  page: number;
  size: number;
  total: number;
  totalCapped: boolean;
}

/** The users' subscriptions, by state (all by default) and user, newest first. */
export function FinancingSubscriptionsPage() {
  const { state, uid, key, show } = useStateUidParams(SUBSCRIPTION_STATES);
  return (
    <PageLayout title="Financing">
      <PageTabs label="Financing" tabs={TABS} current="/financing/subscriptions" />
      <StateUidFilter
        key={`filter:${key}`}
        name="Filter subscriptions"
        id="subscription-uid"
        states={SUBSCRIPTION_STATES}
        labels={SUBSCRIPTION_STATE_LABELS}
        all="All states"
        state={state}
        uid={uid}
        onShow={show}
      />
      <Subscriptions key={`list:${key}`} state={state} uid={uid} />
    </PageLayout>
  );
}

const interestOf = (s: AdminSubscription) =>
  `estimated ${plainAmount(s.estimatedInterest)}${s.state === 'during' ? `; accrued ${plainAmount(s.accruedInterest)}` : s.paidInterest !== null ? `; paid ${plainAmount(s.paidInterest)}` : ''}`;

function Subscriptions({ state, uid }: { state: SubscriptionState | undefined; uid: string | undefined }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const list = useQuery({
    queryKey: ['financing', 'subscriptions', state, uid, page, size],
    queryFn: () =>
      call<SubscriptionPage>(`${ADMIN_API.financing.subscriptions}${queryString({ state, uid, page, size })}`),
    placeholderData: keepPreviousData,
  });
  const caption = `${state ? SUBSCRIPTION_STATE_LABELS[state] : 'All subscriptions'}${uid ? ` of user ${uid}` : ''}, newest first`;
  const columns: Column<AdminSubscription>[] = [
    {
      title: 'Subscribed',
      className: 'nowrap',
      render: (_, s) => formatTime(s.subscribedAt),
      ...sortOnPage(byNumber((s) => s.subscribedAt)),
      csv: (s) => new Date(s.subscribedAt).toISOString(),
    },
    {
      title: 'UID',
      className: 'mono',
      csv: (s) => `${s.uid}${s.mode === 'demo' ? ' (demo)' : ''}`,
      render: (_, s) => (
        <>
          <Link to={`/financing/subscriptions?uid=${s.uid}`} aria-label={`Subscriptions of user ${s.uid}`}>
            {s.uid}
          </Link>
          {s.mode === 'demo' && <div className="muted">Demo</div>}
        </>
      ),
    },
    {
      title: 'Product',
      dataIndex: 'productName',
      ...sortOnPage(byText((s) => s.productName)),
      csv: (s) => s.productName,
    },
    {
      title: 'Amount',
      className: 'mono nowrap',
      render: (_, s) => `${groupedAmount(s.amount)} ${s.currency}`,
      ...sortOnPage(byNumber((s) => s.amount)),
      csv: (s) => `${plainAmount(s.amount)} ${s.currency}`,
    },
    {
      title: 'Term',
      className: 'nowrap',
      render: (_, s) => `${s.days} d at ${ratePercent(s.annualRate)}`,
      csv: (s) => `${s.days} d at ${ratePercent(s.annualRate)}`,
    },
    {
      title: 'Interest',
      className: 'nowrap',
      csv: interestOf,
      render: (_, s) => (
        <>
          <div>
            Estimated <span className="mono">{plainAmount(s.estimatedInterest)}</span>
          </div>
          {s.state === 'during' ? (
            <div className="muted">
              Accrued <span className="mono">{plainAmount(s.accruedInterest)}</span>
            </div>
          ) : (
            s.paidInterest !== null && (
              <div className="muted">
                Paid at the end <span className="mono">{plainAmount(s.paidInterest)}</span>
              </div>
            )
          )}
        </>
      ),
    },
    {
      title: 'Matures',
      className: 'nowrap',
      render: (_, s) => formatTime(s.expiresAt),
      ...sortOnPage(byNumber((s) => s.expiresAt)),
      csv: (s) => new Date(s.expiresAt).toISOString(),
    },
    {
      title: 'State',
      render: (_, s) => (
        <>
          {SUBSCRIPTION_STATE_LABELS[s.state]}
          {s.endedAt !== null && <div className="muted">{formatTime(s.endedAt)}</div>}
        </>
      ),
      csv: (s) => SUBSCRIPTION_STATE_LABELS[s.state],
    },
  ];
  return (
    <PagedTable
      query={list}
      columns={columns}
      rowKey={(s) => s.id}
      caption={caption}
      empty="No subscription matches."
      exportName="financing subscriptions"
      onPage={(p, sz) => {
        setPage(p);
        setSize(sz);
      }}
    />
  );
}
