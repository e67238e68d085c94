import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  DEPOSIT_CHAINS,
  WITHDRAW_NOTE_MAX,
  WITHDRAW_REJECT_REASONS,
  WITHDRAWAL_STATES,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type WithdrawDecideBody,
  type WithdrawRejectReason,
  type WithdrawSetting,
  type WithdrawSettingRow,
  type WithdrawalState,
} from '@app/contract';
import {
  REJECT_REASON_LABELS,
  RISK_FLAG_LABELS,
  SETTING_FIELDS,
  SETTING_LABELS,
  STATE_LABELS,
  approveEffect,
  approvedByMe,
  decidedText,
  plainAmount,
  rejectBody,
  rejectEffect,
  rejectProblems,
  reviewLabel,
  settingBody,
  settingChanged,
  settingDraft,
  settingProblems,
  type RejectDraft,
  type SettingDraft,
} from '../withdrawal-forms';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { Button, Checkbox, Form, Input, Select, Space, Tag } from 'antd';
import {
  byNumber,
  byText,
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

const PAGE_SIZE = 20;

/** The two views of the page: the review queue and the fees and limits per coin × chain. */
const TABS = [
  { to: '/withdrawals', label: 'Review queue' },
  { to: '/withdrawals/fees', label: 'Fees and limits' },
] as const;

/**
 * Withdrawals' review (issue 18; finance, admin): by state, `processing` (waiting for review) by
 * default, oldest first; by UID. A processing one is approved after a confirm step saying what
 * happens (four eyes: two different operators), or rejected with a reason the user sees.
 */
export function WithdrawalsPage() {
  const { state = 'processing', uid, key, show } = useStateUidParams(WITHDRAWAL_STATES, 'processing');
  return (
    <PageLayout title="Withdrawals">
      <PageTabs label="Withdrawals" tabs={TABS} current="/withdrawals" />
      {/* The address bar keeps the filter (a row's UID links to that user's withdrawals). */}
      <StateUidFilter
        key={`filter:${key}`}
        name="Filter withdrawals"
        id="uid"
        states={WITHDRAWAL_STATES}
        labels={STATE_LABELS}
        state={state}
        uid={uid}
        onShow={(next, nextUid) => show(next ?? 'processing', nextUid)}
      />
      <Queue key={`queue:${key}`} state={state} uid={uid} />
    </PageLayout>
  );
}

const coinText = (w: AdminWithdrawal) => `${w.currency} ${w.chainName} (${w.protocol})`;
const riskText = (w: AdminWithdrawal) => w.riskFlags.map((f) => RISK_FLAG_LABELS[f]).join('; ');

function Queue({ state, uid }: { state: WithdrawalState; uid: string | undefined }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: ['withdrawals', 'queue', state, uid, page, size],
    queryFn: () => call<AdminWithdrawalList>(`${ADMIN_API.withdrawals.list}${queryString({ state, uid, page, size })}`),
    placeholderData: keepPreviousData,
  });
  const waiting = state === 'processing';
  const caption = `${STATE_LABELS[state]}${uid ? ` of user ${uid}` : ''}, ${waiting ? 'oldest' : 'newest'} first`;
  const flags = [...new Set(list.data?.items.flatMap((w) => w.riskFlags) ?? [])];
  const columns: Column<AdminWithdrawal>[] = [
    ...queueColumns<AdminWithdrawal>({
      title: 'Withdrawal',
      timeTitle: 'Created',
      path: '/withdrawals',
      waitingState: 'processing',
      itemsOf: 'Withdrawals',
    }),
    {
      title: 'Coin',
      render: (_, w) => (
        <>
          {w.currency}
          <div className="muted">
            {w.chainName} ({w.protocol})
          </div>
        </>
      ),
      ...sortOnPage(byText(coinText)),
      csv: coinText,
    },
    {
      title: 'Address',
      className: 'address',
      render: (_, w) => (
        <>
          <span className="mono">{w.address}</span>
          {w.nickname && <div className="muted">{w.nickname}</div>}
        </>
      ),
      csv: (w) => w.address,
    },
    {
      title: 'Amount',
      className: 'nowrap',
      ...sortOnPage(byNumber((w) => w.amount)),
      csv: (w) => plainAmount(w.amount),
      render: (_, w) => (
        <>
          <div className="mono">{plainAmount(w.amount)}</div>
          <div className="muted">
            Fee <span className="mono">{plainAmount(w.fee)}</span>
          </div>
          <div className="muted">
            Receives <span className="mono">{plainAmount(w.receive)}</span>
          </div>
        </>
      ),
    },
    { title: 'Fee', key: 'fee', hidden: true, csv: (w) => plainAmount(w.fee) },
    { title: 'Receives', key: 'receive', hidden: true, csv: (w) => plainAmount(w.receive) },
    {
      title: 'Value (USDT)',
      className: 'mono nowrap',
      render: (_, w) => plainAmount(w.valueUsdt),
      ...sortOnPage(byNumber((w) => w.valueUsdt)),
      csv: (w) => plainAmount(w.valueUsdt),
    },
    {
      // Filters the rows on this page (the server filters by state and user only).
      title: 'Risk',
      render: (_, w) => <RiskBadges w={w} />,
      csv: riskText,
      filters: flags.map((f) => ({ value: f, text: RISK_FLAG_LABELS[f] })),
      onFilter: (f, w) => w.riskFlags.some((x) => x === f),
    },
    {
      title: 'Review',
      className: 'review-cell',
      csv: (w) => `${reviewLabel(w)}${w.approvedBy.length > 0 ? `; approved by ${w.approvedBy.join(', ')}` : ''}`,
      render: (_, w) => (
        <>
          {reviewLabel(w)}
          {w.approvedBy.length > 0 && <div className="muted">Approved by {w.approvedBy.join(', ')}</div>}
        </>
      ),
    },
    {
      title: waiting ? 'Decision' : 'Outcome',
      key: 'decision',
      className: 'decision',
      csv: waiting
        ? undefined
        : (w) =>
            [STATE_LABELS[w.state], w.decidedBy, w.reason ? REJECT_REASON_LABELS[w.reason] : '', w.note, w.txHash]
              .filter(Boolean)
              .join('; '),
      render: (_, w) => (w.state === 'processing' ? <Decision w={w} onOutcome={setOutcome} /> : <Decided w={w} />),
    },
  ];
  return (
    <>
      <OutcomeNotice outcome={outcome} />
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(w) => w.internalId}
        caption={caption}
        rowAttributes={(w) => ({ 'data-number': w.number })}
        empty={waiting ? 'No withdrawal waits for review.' : 'No withdrawal in this state.'}
        exportName={`withdrawals ${state}`}
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
    </>
  );
}

function RiskBadges({ w }: { w: AdminWithdrawal }) {
  if (w.riskFlags.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="badges" aria-label="Risk flags">
      {w.riskFlags.map((f) => (
        <li key={f}>
          <Tag color="error">{RISK_FLAG_LABELS[f]}</Tag>
        </li>
      ))}
    </ul>
  );
}

/** A decided withdrawal: its state, who decided, the reason and note, the transaction once sent. */
function Decided({ w }: { w: AdminWithdrawal }) {
  return (
    <>
      <div>
        <strong>{STATE_LABELS[w.state]}</strong>
        {w.decidedBy ? ` by ${w.decidedBy}` : ''}
      </div>
      {w.reason && <div>Reason: {REJECT_REASON_LABELS[w.reason]}</div>}
      {w.note && <div>Note: {w.note}</div>}
      {w.txHash && (
        <div>
          Tx <span className="mono wrap">{w.txHash}</span>
        </div>
      )}
      {w.confirmations !== null && (
        <div>
          {w.confirmations} of {w.requiredConfirmations} confirmations
        </div>
      )}
    </>
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
        <Space wrap>
          <Button
            type="primary"
            loading={decide.isPending}
            onClick={() => decide.mutate({ id: w.internalId, approve: true })}
          >
            Confirm: approve withdrawal {w.number}
          </Button>
          <Button disabled={decide.isPending} onClick={() => setStep(null)}>
            Cancel
          </Button>
        </Space>
      </div>
    );
  }
  if (step === 'reject')
    return (
      <RejectForm
        w={w}
        pending={decide.isPending}
        onCancel={() => setStep(null)}
        onReject={(body) => decide.mutate(body)}
      />
    );
  return (
    <>
      {mine && <p className="muted confirm">You approved it: waiting for another operator.</p>}
      <Space wrap>
        {!mine && (
          <Button type="primary" onClick={() => open('approve')} aria-label={`Approve withdrawal ${w.number}`}>
            Approve
          </Button>
        )}
        <Button onClick={() => open('reject')} aria-label={`Reject withdrawal ${w.number}`}>
          Reject
        </Button>
      </Space>
    </>
  );
}

function RejectForm({
  w,
  pending,
  onCancel,
  onReject,
}: {
  w: AdminWithdrawal;
  pending: boolean;
  onCancel: () => void;
  onReject: (body: WithdrawDecideBody) => void;
}) {
  const [draft, setDraft] = useState<RejectDraft>({ reason: '', note: '' });
  const [sent, setSent] = useState(false);
  const problems = sent ? rejectProblems(draft) : {};
  const id = `reject-${w.internalId}`;
  const submit = () => {
    setSent(true);
    if (Object.keys(rejectProblems(draft)).length === 0) onReject(rejectBody(w.internalId, draft));
  };
  return (
    <Form className="confirm" layout="vertical" onFinish={submit} aria-label={`Reject withdrawal ${w.number}`}>
      <p>{rejectEffect(w)}</p>
      <Field id={`${id}-reason`} label="Reason (the user sees it)" problem={problems.reason}>
        {(p) => (
          <Select
            {...p}
            value={draft.reason || undefined}
            placeholder="Choose a reason"
            onChange={(reason: WithdrawRejectReason) => setDraft({ ...draft, reason })}
            options={WITHDRAW_REJECT_REASONS.map((r) => ({ value: r, label: REJECT_REASON_LABELS[r] }))}
          />
        )}
      </Field>
      <Field id={`${id}-note`} label="Note to the user (optional)">
        {(p) => (
          <Input
            {...p}
            value={draft.note}
            maxLength={WITHDRAW_NOTE_MAX}
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
        )}
      </Field>
      <Space wrap>
        <Button danger type="primary" htmlType="submit" loading={pending}>
          Confirm: reject withdrawal {w.number}
        </Button>
        <Button disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}

/* ----- Fees and limits per coin × chain: read by finance and admin, changed by admin ----- */

const chainLabel = (row: Pick<WithdrawSettingRow, 'chainType'>) =>
  `${DEPOSIT_CHAINS[row.chainType].name} (${DEPOSIT_CHAINS[row.chainType].protocol})`;
const routeName = (row: Pick<WithdrawSettingRow, 'currency' | 'chainType'>) =>
  `${row.currency} on ${DEPOSIT_CHAINS[row.chainType].name}`;
const settingKey = (row: Pick<WithdrawSettingRow, 'currency' | 'chainType'>) => `${row.currency}:${row.chainType}`;

/** The operators' fee, limits and switch of each coin on each chain, and whether a signer serves the chain. */
export function WithdrawalFeesPage() {
  const { operator } = useAuth();
  const [editing, setEditing] = useState<WithdrawSettingRow | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const settings = useQuery({
    queryKey: ['withdrawals', 'settings'],
    queryFn: () => call<WithdrawSettingRow[]>(ADMIN_API.withdrawals.settings),
  });
  const admin = operator?.role === 'admin';
  const columns: Column<WithdrawSettingRow>[] = [
    { title: 'Coin', dataIndex: 'currency', ...sortOnPage(byText((r) => r.currency)), csv: (r) => r.currency },
    {
      title: 'Network',
      className: 'nowrap',
      render: (_, r) => chainLabel(r),
      ...sortOnPage(byText(chainLabel)),
      csv: chainLabel,
    },
    ...SETTING_FIELDS.map(
      (f): Column<WithdrawSettingRow> => ({
        title: SETTING_LABELS[f],
        key: f,
        className: 'mono nowrap',
        render: (_, r) => plainAmount(r[f]),
        csv: (r) => plainAmount(r[f]),
      }),
    ),
    enabledColumn(),
    {
      title: 'Signer',
      render: (_, r) => (r.signer ? 'Yes' : <strong>No</strong>),
      csv: (r) => (r.signer ? 'Yes' : 'No'),
    },
    {
      title: 'Updated',
      className: 'nowrap',
      render: (_, r) => (
        <>
          {formatTime(r.updatedAt)}
          <div className="muted">{r.updatedBy ?? 'Defaults'}</div>
        </>
      ),
      csv: (r) => `${new Date(r.updatedAt).toISOString()} ${r.updatedBy ?? 'Defaults'}`,
    },
    ...(admin
      ? [
          {
            title: 'Change',
            key: 'change',
            render: (_: unknown, r: WithdrawSettingRow) => (
              <Button
                onClick={() => {
                  setOutcome(null);
                  setEditing(r);
                }}
                aria-label={`Change ${routeName(r)}`}
              >
                Change
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <PageLayout title="Withdrawals">
      <PageTabs label="Withdrawals" tabs={TABS} current="/withdrawals/fees" />
      <p>
        What a user pays and may withdraw of each coin on each network. A withdrawal needs the route enabled and a
        signer (a node and a hot-wallet key) for its network.{' '}
        {admin
          ? 'The fee must be below the minimum, the minimum at most the maximum, the maximum at most the daily limit.'
          : 'Only an admin can change them.'}
      </p>
      <OutcomeNotice outcome={outcome} />
      {/* Focusable: a finance operator's table has no control in it, and it scrolls sideways on a narrow window. */}
      <div className="table-region" tabIndex={0} role="region" aria-label="Fees and limits per coin and network">
        <WholeTable
          query={settings}
          columns={columns}
          rowKey={settingKey}
          caption="Fees and limits per coin and network"
          empty="No coin and network."
          exportName="withdrawal fees"
        />
      </div>
      <FormModal
        title={editing ? `Change ${routeName(editing)}` : ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing && <SettingForm row={editing} onClose={() => setEditing(null)} onOutcome={setOutcome} />}
      </FormModal>
    </PageLayout>
  );
}

function SettingForm({
  row,
  onClose,
  onOutcome,
}: {
  row: WithdrawSettingRow;
  onClose: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingDraft>(() => settingDraft(row));
  const [sent, setSent] = useState(false);
  const name = routeName(row);
  const save = useMutation({
    mutationFn: (body: WithdrawSetting) => call<WithdrawSettingRow>(ADMIN_API.withdrawals.updateSetting, body),
    onSuccess: (next) => {
      queryClient.setQueryData<WithdrawSettingRow[]>(['withdrawals', 'settings'], (rows) =>
        rows?.map((r) => (r.currency === next.currency && r.chainType === next.chainType ? next : r)),
      );
      onOutcome({
        ok: true,
        text: `${name} saved: fee ${plainAmount(next.fee)}, minimum ${plainAmount(next.minAmount)}, maximum ${plainAmount(next.maxAmount)}, daily limit ${plainAmount(next.dailyLimit)}, ${next.enabled ? 'enabled' : 'switched off'}.`,
      });
      onClose();
    },
  });
  const problems = sent ? settingProblems(row.currency, draft) : {};
  const submit = () => {
    setSent(true);
    if (Object.keys(settingProblems(row.currency, draft)).length > 0) return;
    if (!settingChanged(row, draft)) return onClose();
    save.mutate(settingBody(row, draft));
  };
  const id = `setting-${row.currency}-${row.chainType}`;
  return (
    <Form className="setting" layout="vertical" onFinish={submit} aria-label={`Change ${name}`}>
      <div className="setting__fields">
        {SETTING_FIELDS.map((f) => (
          <Field key={f} id={`${id}-${f}`} label={`${SETTING_LABELS[f]} (${row.currency})`} problem={problems[f]}>
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                value={draft[f]}
                onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <Form.Item>
        <Checkbox checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}>
          Enabled
        </Checkbox>
      </Form.Item>
      <ErrorAlert text={save.isError ? `The server refused the change: ${save.error.message}` : null} />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : `Save ${name}`}
        </Button>
        <Button disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
