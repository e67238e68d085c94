import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  ADMIN_API,
  APPROVAL_NOTE_MAX,
  ASSETS,
  QUOTE_ASSET,
  type Approval,
  type ApprovalList,
  type CreditRequestBody,
  type ReversalRequestBody,
} from '@app/contract';
import {
  actionLabel,
  approveEffect,
  creditBody,
  creditProblems,
  rejectEffect,
  reversalBody,
  reversalProblems,
  type CreditDraft,
  type ReversalDraft,
} from '../approval-forms';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { byNumber, byText, PagedTable, sortOnPage, type Column } from '../ui/data-table';
import { ErrorAlert, Field, focusFirst, type Outcome, OutcomeNotice } from '../ui/form';
import { LinkButton, PageLayout, PageTabs } from '../ui/page';

const PAGE_SIZE = 20;
const DECISIONS = ['pending', 'approved', 'rejected'] as const;
type Decision = (typeof DECISIONS)[number];
const TABS: Record<Decision, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const CAPTIONS: Record<Decision, string> = {
  pending: 'Requests awaiting a decision, oldest first',
  approved: 'Approved requests, newest first',
  rejected: 'Rejected requests, newest first',
};
const EMPTY: Record<Decision, string> = {
  pending: 'Nothing awaits a decision.',
  approved: 'No request was approved yet.',
  rejected: 'No request was rejected yet.',
};

const decisionPath = (d: Decision) => (d === 'pending' ? '/approvals' : `/approvals?decision=${d}`);

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
    if (location.state !== null)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);
  return (
    <PageLayout title="Approvals">
      <p className="page-actions">
        <LinkButton to="/approvals/credit" type="primary">
          Request a credit
        </LinkButton>
        <LinkButton to="/approvals/reversal">Request a reversal</LinkButton>
      </p>
      <p>
        A manual credit or a reversal is carried out only when an operator other than the one who asked approves it.
      </p>
      <PageTabs
        label="Requests by decision"
        current={decisionPath(decision)}
        tabs={DECISIONS.map((d) => ({ to: decisionPath(d), label: TABS[d] }))}
      />
      {sent && decision === 'pending' && <Alert className="spaced" type="success" role="status" title={sent} />}
      <Requests key={decision} decision={decision} />
    </PageLayout>
  );
}

const detailsText = (a: Approval) =>
  Object.entries(a.payload)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
const targetText = (a: Approval) =>
  `${a.targetType === 'user' ? 'User' : a.targetType === 'ledger_transaction' ? 'Ledger transaction' : a.targetType} ${a.targetId}`;

function Requests({ decision }: { decision: Decision }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: ['approvals', decision, page, size],
    queryFn: () => call<ApprovalList>(`${ADMIN_API.approvals.list}${queryString({ decision, page, size })}`),
    placeholderData: keepPreviousData,
  });
  const pending = decision === 'pending';
  const columns: Column<Approval>[] = [
    { title: 'Id', dataIndex: 'id', className: 'mono', ...sortOnPage(byNumber((a) => a.id)), csv: (a) => a.id },
    {
      title: 'Asked',
      className: 'nowrap',
      render: (_, a) => formatTime(a.requestedAt),
      ...sortOnPage(byNumber((a) => a.requestedAt)),
      csv: (a) => new Date(a.requestedAt).toISOString(),
    },
    {
      title: 'Action',
      render: (_, a) => actionLabel(a),
      csv: actionLabel,
      filters: [...new Set(list.data?.items.map(actionLabel) ?? [])].map((v) => ({ value: v, text: v })),
      onFilter: (v, a) => actionLabel(a) === v,
    },
    { title: 'Target', className: 'nowrap', render: (_, a) => <Target a={a} />, csv: targetText },
    { title: 'Details', className: 'details', render: (_, a) => <Details a={a} />, csv: detailsText },
    {
      title: 'Asked by',
      dataIndex: 'requestedBy',
      ...sortOnPage(byText((a) => a.requestedBy)),
      csv: (a) => a.requestedBy,
    },
    ...(pending
      ? [
          {
            title: 'Decision',
            key: 'decision',
            className: 'decision',
            render: (_: unknown, a: Approval) => <RequestDecision a={a} onOutcome={setOutcome} />,
          },
        ]
      : [
          {
            title: 'Decided by',
            render: (_: unknown, a: Approval) => a.decidedBy ?? '',
            csv: (a: Approval) => a.decidedBy,
          },
          {
            title: 'Decided',
            className: 'nowrap',
            render: (_: unknown, a: Approval) => (a.decidedAt === null ? '' : formatTime(a.decidedAt)),
            csv: (a: Approval) => (a.decidedAt === null ? '' : new Date(a.decidedAt).toISOString()),
          },
        ]),
  ];
  return (
    <>
      <OutcomeNotice outcome={outcome} />
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(a) => a.id}
        caption={CAPTIONS[decision]}
        empty={EMPTY[decision]}
        exportName={`approvals ${decision}`}
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
    </>
  );
}

/** The request's payload in words: the amount and coin of a credit, the note, anything else as key: value. */
function Details({ a }: { a: Approval }) {
  const { asset, amount, note, ...rest } = a.payload;
  return (
    <>
      {amount !== undefined && (
        <div>
          <strong className="mono">
            {amount} {asset ?? ''}
          </strong>
        </div>
      )}
      {note !== undefined && <div>Note: {note}</div>}
      {Object.entries(rest).map(([k, v]) => (
        <div key={k}>
          {k}: <span className="mono">{v}</span>
        </div>
      ))}
    </>
  );
}

function Target({ a }: { a: Approval }) {
  if (a.targetType === 'user')
    return (
      <>
        User{' '}
        <Link className="mono" to={`/users/${a.targetId}`}>
          {a.targetId}
        </Link>
      </>
    );
  if (a.targetType === 'ledger_transaction')
    return (
      <>
        Ledger transaction <span className="mono">{a.targetId}</span>
      </>
    );
  return (
    <>
      {a.targetType} <span className="mono">{a.targetId}</span>
    </>
  );
}

function decidedText(a: Approval): string {
  if (a.decision === 'rejected')
    return `Request ${a.id} rejected: nothing was ${a.action === 'balance.credit' ? 'credited' : 'reversed'}.`;
  if (a.action === 'balance.credit')
    return `Request ${a.id} approved: ${a.payload.amount ?? ''} ${a.payload.asset ?? ''} credited to user ${a.targetId}.`;
  return `Request ${a.id} approved: ledger transaction ${a.targetId} reversed.`;
}

function RequestDecision({ a, onOutcome }: { a: Approval; onOutcome: (o: Outcome) => void }) {
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const decide = useMutation({
    mutationFn: (approve: boolean) => call<Approval>(ADMIN_API.approvals.decide, { id: a.id, approve }),
    onSuccess: (next) => {
      onOutcome({ ok: true, text: decidedText(next) });
      // The user's balances changed: their page reads them again when next shown.
      if (next.targetType === 'user')
        void queryClient.invalidateQueries({ queryKey: ['users', 'detail', next.targetId] });
    },
    // The server's words (another operator was first, the balance is short, you asked for it yourself).
    onError: (err) => onOutcome({ ok: false, text: `Request ${a.id} was not decided: ${err.message}` }),
    onSettled: () => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
  if (a.decision !== 'pending') return null;
  if (a.requestedBy === operator?.email) return <span className="muted">Waiting for another operator</span>;
  if (confirming) {
    const approve = confirming === 'approve';
    return (
      <div className="confirm">
        <p>{approve ? approveEffect(a) : rejectEffect(a)}</p>
        <Space wrap>
          <Button type="primary" danger={!approve} loading={decide.isPending} onClick={() => decide.mutate(approve)}>
            {approve ? `Confirm: approve request ${a.id}` : `Confirm: reject request ${a.id}`}
          </Button>
          <Button disabled={decide.isPending} onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </Space>
      </div>
    );
  }
  return (
    <Space wrap>
      <Button
        type="primary"
        onClick={() => {
          onOutcome(null);
          setConfirming('approve');
        }}
        aria-label={`Approve request ${a.id}`}
      >
        Approve
      </Button>
      <Button
        onClick={() => {
          onOutcome(null);
          setConfirming('reject');
        }}
        aria-label={`Reject request ${a.id}`}
      >
        Reject
      </Button>
    </Space>
  );
}

function RequestForm({
  title,
  intro,
  problemsShown,
  error,
  pending,
  submit,
  formRef,
  children,
  submitLabel,
}: {
  title: string;
  intro: string;
  problemsShown: boolean;
  error: string | null;
  pending: boolean;
  submit: () => void;
  formRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
  submitLabel: string;
}) {
  return (
    <PageLayout title={title} back={{ to: '/approvals', label: 'Approvals' }}>
      <Card className="request">
        <div ref={formRef}>
          <Form layout="vertical" onFinish={submit} aria-label={title}>
            <p>{intro}</p>
            {children}
            <ErrorAlert text={problemsShown ? 'Check the fields marked above.' : null} />
            <ErrorAlert text={error ? `The server refused the request: ${error}` : null} />
            <Button type="primary" htmlType="submit" loading={pending}>
              {pending ? 'Sending…' : submitLabel}
            </Button>
          </Form>
        </div>
      </Card>
    </PageLayout>
  );
}

/** Ask for a manual credit of a user's real currency account; another operator approves it. `?uid=` fills the UID (the user's page links here). */
export function CreditRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<CreditDraft>(() => ({
    uid: params.get('uid') ?? '',
    asset: QUOTE_ASSET,
    amount: '',
    note: '',
  }));
  const [sent, setSent] = useState(false);
  const request = useMutation({
    mutationFn: (body: CreditRequestBody) => call<Approval>(ADMIN_API.approvals.requestCredit, body),
    onSuccess: (a) => {
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void navigate('/approvals', {
        state: {
          sent: `Request ${a.id} sent: ${a.payload.amount ?? ''} ${a.payload.asset ?? ''} for user ${a.targetId} waits for another operator.`,
        },
      });
    },
  });
  const problems = sent ? creditProblems(draft) : {};
  const set = (k: keyof CreditDraft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });
  const submit = () => {
    setSent(true);
    const found = creditProblems(draft);
    if (Object.keys(found).length > 0)
      return focusFirst(formRef.current?.querySelector('form') ?? null, found, ['uid', 'asset', 'amount', 'note']);
    request.mutate(creditBody(draft));
  };
  const coin = ASSETS.find((a) => a.symbol === draft.asset);
  return (
    <RequestForm
      title="Request a credit"
      submitLabel="Request the credit"
      formRef={formRef}
      submit={submit}
      pending={request.isPending}
      intro="The credit goes into the user's real currency account once another finance or admin operator approves it."
      problemsShown={Object.keys(problems).length > 0}
      error={request.isError ? request.error.message : null}
    >
      <div className="request__fields">
        <Field id="uid" label="User UID" problem={problems.uid}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={draft.uid}
              onChange={set('uid')}
            />
          )}
        </Field>
        <Field id="asset" label="Coin" problem={problems.asset}>
          {(p) => (
            <Select
              {...p}
              value={draft.asset}
              onChange={(asset: string) => setDraft({ ...draft, asset })}
              options={ASSETS.map((a) => ({ value: a.symbol, label: `${a.symbol} · ${a.name}` }))}
            />
          )}
        </Field>
        <Field
          id="amount"
          label="Amount"
          problem={problems.amount}
          hint={coin ? `Up to ${coin.scale} decimals.` : undefined}
        >
          {(p) => <Input {...p} inputMode="decimal" autoComplete="off" value={draft.amount} onChange={set('amount')} />}
        </Field>
      </div>
      <Field
        id="note"
        label="Note: why (kept with the request, the ledger and the audit log)"
        problem={problems.note}
        hint={`At most ${APPROVAL_NOTE_MAX} characters.`}
      >
        {(p) => (
          <Input {...p} autoComplete="off" maxLength={APPROVAL_NOTE_MAX} value={draft.note} onChange={set('note')} />
        )}
      </Field>
    </RequestForm>
  );
}

/** Ask for the reversal of a ledger transaction (a correction); another operator approves it. `?transactionId=` fills the id (a user's page links here). */
export function ReversalRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<ReversalDraft>(() => ({
    transactionId: params.get('transactionId') ?? '',
    note: '',
  }));
  const [sent, setSent] = useState(false);
  const request = useMutation({
    mutationFn: (body: ReversalRequestBody) => call<Approval>(ADMIN_API.approvals.requestReversal, body),
    onSuccess: (a) => {
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void navigate('/approvals', {
        state: {
          sent: `Request ${a.id} sent: the reversal of ledger transaction ${a.targetId} waits for another operator.`,
        },
      });
    },
  });
  const problems = sent ? reversalProblems(draft) : {};
  const submit = () => {
    setSent(true);
    const found = reversalProblems(draft);
    if (Object.keys(found).length > 0)
      return focusFirst(formRef.current?.querySelector('form') ?? null, found, ['transactionId', 'note']);
    request.mutate(reversalBody(draft));
  };
  return (
    <RequestForm
      title="Request a reversal"
      submitLabel="Request the reversal"
      formRef={formRef}
      submit={submit}
      pending={request.isPending}
      intro="A reversal posts a new transaction that takes the original back (nothing is edited or deleted), once another finance or admin operator approves it. It is refused then if the transaction was reversed already or the user no longer has the money."
      problemsShown={Object.keys(problems).length > 0}
      error={request.isError ? request.error.message : null}
    >
      <Field id="transactionId" label="Ledger transaction id" problem={problems.transactionId}>
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            autoComplete="off"
            value={draft.transactionId}
            onChange={(e) => setDraft({ ...draft, transactionId: e.target.value })}
          />
        )}
      </Field>
      <Field
        id="note"
        label="Note: why (kept with the request, the ledger and the audit log)"
        problem={problems.note}
        hint={`At most ${APPROVAL_NOTE_MAX} characters.`}
      >
        {(p) => (
          <Input
            {...p}
            autoComplete="off"
            maxLength={APPROVAL_NOTE_MAX}
            value={draft.note}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
        )}
      </Field>
    </RequestForm>
  );
}
