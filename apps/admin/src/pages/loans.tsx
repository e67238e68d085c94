import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ADMIN_API,
  ASSET_SYMBOLS,
  HEADER_LANGS,
  LOAN_NOTE_MAX,
  LOAN_REJECT_REASONS,
  LOAN_RULES_MAX,
  LOAN_STATES,
  type AdminLoan,
  type AdminLoanList,
  type AdminLoanProduct,
  type LoanDecideBody,
  type LoanProductSave,
  type LoanRejectReason,
  type LoanState,
} from '@app/contract';
import {
  LANG_LABELS,
  LOAN_REJECT_LABELS,
  LOAN_STATE_LABELS,
  dailyText,
  loanApproveEffect,
  loanDecidedText,
  loanProductBody,
  loanProductDraft,
  loanProductProblems,
  loanRejectEffect,
  loanRejection,
  loanReviewLabel,
  newLoanProductDraft,
  type LoanProductDraft,
  type LoanRejectDraft,
} from '../loan-forms';
import { approvedByMe, plainAmount } from '../withdrawal-forms';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime, groupedAmount } from '../format';
import { namedIn } from '../product-names';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import {
  byNumber,
  byText,
  changeColumn,
  enabledColumn,
  PagedTable,
  queueColumns,
  sortOnPage,
  WholeTable,
  type Column,
} from '../ui/data-table';
import { ErrorAlert, Field, FormModal, OutcomeNotice, type Outcome } from '../ui/form';
import { PageLayout, PageTabs } from '../ui/page';
import { StateUidFilter, useStateUidParams } from './list-parts';
import { Photo } from './kyc';
import { NamesFieldset, ProductNameCell } from './product-names';

const PAGE_SIZE = 20;
const PRODUCTS_KEY = ['loans', 'products'];

const TABS = [
  { to: '/loans', label: 'Review queue' },
  { to: '/loans/products', label: 'Products' },
] as const;

/**
 * Loan applications' review (issue 19; finance, admin): by state, `pending` by default, oldest
 * first; by UID. Each opens on its own page with the user's documents and the decision.
 */
export function LoansPage() {
  const { state = 'pending', uid, key, show } = useStateUidParams(LOAN_STATES, 'pending');
  return (
    <PageLayout title="Loans">
      <PageTabs label="Loans" tabs={TABS} current="/loans" />
      <StateUidFilter
        key={`filter:${key}`}
        name="Filter loans"
        id="loan-uid"
        states={LOAN_STATES}
        labels={LOAN_STATE_LABELS}
        state={state}
        uid={uid}
        onShow={(next, nextUid) => show(next ?? 'pending', nextUid)}
      />
      <LoanQueue key={`queue:${key}`} state={state} uid={uid} />
    </PageLayout>
  );
}

function LoanQueue({ state, uid }: { state: LoanState; uid: string | undefined }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const list = useQuery({
    queryKey: ['loans', 'queue', state, uid, page, size],
    queryFn: () => call<AdminLoanList>(`${ADMIN_API.loans.list}${queryString({ state, uid, page, size })}`),
    placeholderData: keepPreviousData,
  });
  const waiting = state === 'pending';
  const caption = `${LOAN_STATE_LABELS[state]}${uid ? ` of user ${uid}` : ''}, ${waiting ? 'oldest' : 'newest'} first`;
  const columns: Column<AdminLoan>[] = [
    ...queueColumns<AdminLoan>({
      title: 'Application',
      timeTitle: 'Applied',
      path: '/loans',
      waitingState: 'pending',
      itemsOf: 'Loans',
    }),
    {
      title: 'Product',
      dataIndex: 'productName',
      ...sortOnPage(byText((l) => l.productName)),
      csv: (l) => l.productName,
    },
    {
      title: 'Amount',
      className: 'mono nowrap',
      render: (_, l) => `${plainAmount(l.amount)} ${l.currency}`,
      csv: (l) => `${plainAmount(l.amount)} ${l.currency}`,
    },
    {
      title: 'Value (USDT)',
      className: 'mono nowrap',
      render: (_, l) => plainAmount(l.valueUsdt),
      ...sortOnPage(byNumber((l) => l.valueUsdt)),
      csv: (l) => plainAmount(l.valueUsdt),
    },
    {
      title: 'Period and rates',
      className: 'nowrap',
      render: (_, l) => (
        <>
          {l.periodDays} d at {dailyText(l.dailyRate)}
          <div className="muted">Late: {dailyText(l.lateDailyRate)}</div>
        </>
      ),
      csv: (l) => `${l.periodDays} d at ${dailyText(l.dailyRate)}; late ${dailyText(l.lateDailyRate)}`,
    },
    {
      title: 'Review',
      className: 'review-cell',
      render: (_, l) => (
        <>
          {loanReviewLabel(l)}
          {l.approvedBy.length > 0 && <div className="muted">Approved by {l.approvedBy.join(', ')}</div>}
        </>
      ),
      csv: loanReviewLabel,
    },
    {
      title: waiting ? 'Decision' : 'Outcome',
      key: 'decision',
      className: 'decision',
      csv: (l) => `${LOAN_STATE_LABELS[l.state]}${l.overdue ? `; overdue ${l.overdueDays} d` : ''}`,
      render: (_, l) =>
        waiting ? (
          <Link to={`/loans/${l.internalId}`} aria-label={`Review loan ${l.number}`}>
            Review
          </Link>
        ) : (
          <>
            <strong>{LOAN_STATE_LABELS[l.state]}</strong>
            {l.overdue && (
              <div>
                <Tag color="error">Overdue {l.overdueDays} d</Tag>
              </div>
            )}
            <div>
              <Link to={`/loans/${l.internalId}`} aria-label={`Open loan ${l.number}`}>
                Open
              </Link>
            </div>
          </>
        ),
    },
  ];
  return (
    <PagedTable
      query={list}
      columns={columns}
      rowKey={(l) => l.internalId}
      caption={caption}
      rowAttributes={(l) => ({ 'data-number': l.number })}
      empty={waiting ? 'No loan application waits for review.' : 'No loan in this state.'}
      exportName={`loans ${state}`}
      onPage={(p, sz) => {
        setPage(p);
        setSize(sz);
      }}
    />
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
  const back = { to: '/loans', label: 'Loan review queue' };
  if (detail.isError)
    return (
      <PageLayout title="Loan application" back={back}>
        <ErrorAlert text={detail.error.message} />
      </PageLayout>
    );
  if (!detail.data)
    return (
      <PageLayout title="Loan application" back={back}>
        <p role="status">Loading…</p>
      </PageLayout>
    );
  const l = detail.data;
  const rows: Array<[string, string]> = [
    ['UID', l.uid],
    ['KYC level', l.kycLevel],
    ['Product', l.productName],
    ['Amount', `${plainAmount(l.amount)} ${l.currency}`],
    ['Value in USDT', plainAmount(l.valueUsdt)],
    ['Period', `${l.periodDays} days`],
    ['Daily rate', dailyText(l.dailyRate)],
    ['Late daily rate', dailyText(l.lateDailyRate)],
    ['Interest of the period', `${plainAmount(l.interest)} ${l.currency}`],
    ['Amount due', `${plainAmount(l.amountDue)} ${l.currency}`],
    ['Applied', formatTime(l.createdAt)],
    ['Review', loanReviewLabel(l)],
    ['State', LOAN_STATE_LABELS[l.state]],
  ];
  if (l.approvedBy.length > 0) rows.push(['Approved by', l.approvedBy.join(', ')]);
  if (l.decidedBy) rows.push(['Decided by', l.decidedBy]);
  if (l.rejectReason) rows.push(['Reason', LOAN_REJECT_LABELS[l.rejectReason]]);
  if (l.rejectNote) rows.push(['Note', l.rejectNote]);
  if (l.dueAt !== null) rows.push(['Due', formatTime(l.dueAt)]);
  return (
    <PageLayout title={`Loan ${l.number}`} back={back}>
      <div className="review">
        <Card title={<h2 className="card-title">Details</h2>}>
          <Descriptions
            className="details-list"
            column={1}
            size="small"
            items={rows.map(([k, v]) => ({
              key: k,
              label: k,
              children: <span className={k === 'UID' ? 'mono' : undefined}>{v}</span>,
            }))}
          />
          <OutcomeNotice outcome={outcome} />
          {l.state === 'pending' ? <LoanDecision l={l} onOutcome={setOutcome} /> : null}
        </Card>
        <div className="photos">
          {Array.from({ length: l.photoCount }, (_, index) => (
            <Photo
              key={index}
              label={`Document ${index + 1}`}
              path={`${ADMIN_API.loans.photo}${queryString({ id: l.internalId, index })}`}
            />
          ))}
        </div>
      </div>
    </PageLayout>
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
      <Typography.Title level={2}>Decision</Typography.Title>
      {step === 'approve' && (
        <div className="confirm">
          <p>{loanApproveEffect(l)}</p>
          <Space wrap>
            <Button
              type="primary"
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: l.internalId, approve: true })}
            >
              Confirm: approve loan {l.number}
            </Button>
            <Button disabled={decide.isPending} onClick={() => setStep(null)}>
              Cancel
            </Button>
          </Space>
        </div>
      )}
      {step === 'reject' && (
        <LoanRejectForm
          l={l}
          pending={decide.isPending}
          onCancel={() => setStep(null)}
          onReject={(body) => decide.mutate(body)}
        />
      )}
      {step === null && (
        <>
          {mine && <p className="muted confirm">You approved it: waiting for another operator.</p>}
          <Space wrap>
            {!mine && (
              <Button type="primary" onClick={() => open('approve')} aria-label={`Approve loan ${l.number}`}>
                Approve
              </Button>
            )}
            <Button onClick={() => open('reject')} aria-label={`Reject loan ${l.number}`}>
              Reject
            </Button>
          </Space>
        </>
      )}
    </div>
  );
}

function LoanRejectForm({
  l,
  pending,
  onCancel,
  onReject,
}: {
  l: AdminLoan;
  pending: boolean;
  onCancel: () => void;
  onReject: (body: LoanDecideBody) => void;
}) {
  const [draft, setDraft] = useState<LoanRejectDraft>({ reason: '', note: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const id = `reject-${l.internalId}`;
  const submit = () => {
    const found = loanRejection(l.internalId, draft);
    if ('problem' in found) return setProblem(found.problem);
    setProblem(null);
    onReject(found.body);
  };
  return (
    <Form className="confirm" layout="vertical" onFinish={submit} aria-label={`Reject loan ${l.number}`}>
      <p>{loanRejectEffect(l)}</p>
      <Field
        id={`${id}-reason`}
        label="Reason (the user sees it)"
        problem={problem && !draft.reason ? problem : undefined}
      >
        {(p) => (
          <Select
            {...p}
            value={draft.reason || undefined}
            placeholder="Choose a reason"
            onChange={(reason: LoanRejectReason) => setDraft({ ...draft, reason })}
            options={LOAN_REJECT_REASONS.map((r) => ({ value: r, label: LOAN_REJECT_LABELS[r] }))}
          />
        )}
      </Field>
      <Field
        id={`${id}-note`}
        label="Note to the user (optional)"
        problem={problem && draft.reason ? problem : undefined}
      >
        {(p) => (
          <Input
            {...p}
            value={draft.note}
            maxLength={LOAN_NOTE_MAX}
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
        )}
      </Field>
      <Space wrap>
        <Button danger type="primary" htmlType="submit" loading={pending}>
          Confirm: reject loan {l.number}
        </Button>
        <Button disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}

/* ----- Loan products ----- */

/** Loan products (finance, admin): amounts, period, rates, rules text per language; created and changed here. */
export function LoanProductsPage() {
  const [editing, setEditing] = useState<AdminLoanProduct | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const products = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: () => call<AdminLoanProduct[]>(ADMIN_API.loans.products),
  });
  const open = (next: AdminLoanProduct | 'new') => {
    setOutcome(null);
    setEditing(next);
  };
  const columns: Column<AdminLoanProduct>[] = [
    {
      title: 'Product',
      render: (_, p) => <ProductNameCell name={p.name} names={p.names} currency={p.currency} />,
      ...sortOnPage(byText((p) => p.name)),
      csv: (p) => `${p.name} (${p.currency}); also named in: ${namedIn(p.names)}`,
    },
    {
      title: 'Amount',
      className: 'mono nowrap',
      render: (_, p) => `${groupedAmount(p.minAmount)} – ${groupedAmount(p.maxAmount)}`,
      csv: (p) => `${plainAmount(p.minAmount)} – ${plainAmount(p.maxAmount)}`,
    },
    {
      title: 'Period',
      className: 'nowrap',
      render: (_, p) => `${p.periodDays} d`,
      ...sortOnPage(byNumber((p) => p.periodDays)),
      csv: (p) => p.periodDays,
    },
    {
      title: 'Daily rate',
      className: 'nowrap',
      render: (_, p) => dailyText(p.dailyRate),
      ...sortOnPage(byNumber((p) => p.dailyRate)),
      csv: (p) => dailyText(p.dailyRate),
    },
    {
      title: 'Late daily rate',
      className: 'nowrap',
      render: (_, p) => dailyText(p.lateDailyRate),
      csv: (p) => dailyText(p.lateDailyRate),
    },
    { title: 'Rules in', render: (_, p) => rulesIn(p), csv: rulesIn },
    enabledColumn(),
    changeColumn(
      (p) => open(p),
      (p) => p.name,
    ),
  ];
  const title = editing === 'new' ? 'New loan product' : editing ? `Change ${editing.name}` : '';
  return (
    <PageLayout title="Loans">
      <PageTabs label="Loans" tabs={TABS} current="/loans/products" />
      <Alert
        className="spaced"
        type="info"
        role="note"
        title="A change to a product applies to new applications only: a loan keeps the rates and period it was applied for with."
      />
      <OutcomeNotice outcome={outcome} />
      <WholeTable
        query={products}
        columns={columns}
        rowKey={(p) => p.id}
        caption="Loan products"
        empty="No loan product yet."
        exportName="loan products"
        rowAttributes={(p) => ({ 'data-product': p.id })}
        toolbar={
          <Button type="primary" onClick={() => open('new')}>
            New loan product
          </Button>
        }
      />
      <FormModal title={title} open={editing !== null} onClose={() => setEditing(null)}>
        {editing && (
          <LoanProductForm
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

const rulesIn = (p: AdminLoanProduct) =>
  HEADER_LANGS.filter((lang) => p.rules[lang])
    .map((lang) => LANG_LABELS[lang])
    .join(', ');

const RATE_FIELDS = [
  ['dailyRate', 'Daily rate (0.0005 is 0.05 % a day)'],
  ['lateDailyRate', 'Late daily rate, once overdue'],
] as const;

function LoanProductForm({
  title,
  product,
  onClose,
  onOutcome,
}: {
  title: string;
  product?: AdminLoanProduct | undefined;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LoanProductDraft>(() =>
    product ? loanProductDraft(product) : newLoanProductDraft(),
  );
  const [sent, setSent] = useState(false);
  const save = useMutation({
    mutationFn: (body: LoanProductSave) => call<AdminLoanProduct>(ADMIN_API.loans.saveProduct, body),
    onSuccess: (next) => {
      onOutcome({
        ok: true,
        text: `${next.name} ${product ? 'saved' : 'created'}: ${groupedAmount(next.minAmount)} to ${groupedAmount(next.maxAmount)} ${next.currency}, ${next.periodDays} days at ${dailyText(next.dailyRate)}, ${next.enabled ? 'enabled' : 'switched off'}.`,
      });
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      onClose();
    },
  });
  const problems = sent ? loanProductProblems(draft) : {};
  const submit = () => {
    setSent(true);
    if (Object.keys(loanProductProblems(draft)).length === 0) save.mutate(loanProductBody(draft, product?.id));
  };
  const id = `loan-product-${product?.id ?? 'new'}`;
  return (
    <Form className="setting" layout="vertical" onFinish={submit} aria-label={title}>
      <div className="setting__fields">
        <Field
          id={`${id}-name`}
          label="Name in English (required)"
          hint="Shown in every language without a name of its own"
          problem={problems.name}
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
        <Field id={`${id}-currency`} label="Coin" problem={problems.currency}>
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
        <Field id={`${id}-min`} label={`Minimum (${draft.currency})`} problem={problems.minAmount}>
          {(p) => (
            <Input
              {...p}
              inputMode="decimal"
              autoComplete="off"
              maxLength={40}
              value={draft.minAmount}
              onChange={(e) => setDraft({ ...draft, minAmount: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-max`} label={`Maximum (${draft.currency})`} problem={problems.maxAmount}>
          {(p) => (
            <Input
              {...p}
              inputMode="decimal"
              autoComplete="off"
              maxLength={40}
              value={draft.maxAmount}
              onChange={(e) => setDraft({ ...draft, maxAmount: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-period`} label="Period (days)" problem={problems.periodDays}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={draft.periodDays}
              onChange={(e) => setDraft({ ...draft, periodDays: e.target.value })}
            />
          )}
        </Field>
        {RATE_FIELDS.map(([k, label]) => (
          <Field key={k} id={`${id}-${k}`} label={label} problem={problems[k]}>
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                autoComplete="off"
                maxLength={12}
                value={draft[k]}
                onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <NamesFieldset
        id={id}
        names={draft.names}
        problems={problems}
        onChange={(names) => setDraft({ ...draft, names })}
      />
      <Form.Item>
        <Checkbox checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}>
          Enabled
        </Checkbox>
      </Form.Item>
      <fieldset className="rules-editor">
        <legend>
          Rules the user accepts before applying (English required; a language left empty shows the English text)
        </legend>
        {HEADER_LANGS.map((lang) => (
          <Field
            key={lang}
            id={`${id}-rules-${lang}`}
            label={`Rules in ${LANG_LABELS[lang]}${lang === 'en' ? ' (required)' : ''}`}
            problem={problems[`rules.${lang}`]}
          >
            {(p) => (
              <Input.TextArea
                {...p}
                lang={lang}
                rows={lang === 'en' ? 5 : 2}
                maxLength={LOAN_RULES_MAX}
                value={draft.rules[lang]}
                onChange={(e) => setDraft({ ...draft, rules: { ...draft.rules, [lang]: e.target.value } })}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <ErrorAlert text={save.isError ? `The server refused it: ${save.error.message}` : null} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : product ? `Save ${product.name}` : 'Create loan product'}
        </Button>
        <Button disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
