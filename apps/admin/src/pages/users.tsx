import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { ADMIN_API, type UserDetail, type UserSearchResult, type UserSummary } from '@app/contract';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { mayOpen } from '../roles';
import { byNumber, byText, ListTable, PagedTable, sortOnPage, type Column } from '../ui/data-table';
import { ErrorAlert } from '../ui/form';
import { PageLayout } from '../ui/page';

const KYC: Record<string, string> = {
  not_started: 'Not verified',
  primary: 'Real name only',
  pending: 'Under review',
  verified: 'Verified',
  rejected: 'Rejected',
};
const KYC_FILTERS = Object.entries(KYC).map(([value, text]) => ({ value, text }));
const statusOf = (u: UserSummary) => (u.lockedAt === null ? 'Active' : 'Locked');

const COLUMNS: Column<UserSummary>[] = [
  {
    title: 'UID',
    className: 'mono',
    render: (_, u) => <Link to={`/users/${u.uid}`}>{u.uid}</Link>,
    ...sortOnPage(byText((u) => u.uid)),
    csv: (u) => u.uid,
  },
  { title: 'Nickname', dataIndex: 'nickname', ...sortOnPage(byText((u) => u.nickname)), csv: (u) => u.nickname },
  { title: 'E-mail', render: (_, u) => u.email ?? '', ...sortOnPage(byText((u) => u.email)), csv: (u) => u.email },
  { title: 'Phone', render: (_, u) => u.phone ?? '', csv: (u) => u.phone },
  {
    title: 'Joined',
    className: 'nowrap',
    render: (_, u) => formatTime(u.createdAt),
    ...sortOnPage(byNumber((u) => u.createdAt)),
    csv: (u) => new Date(u.createdAt).toISOString(),
  },
  {
    title: 'Identity',
    render: (_, u) => KYC[u.kycState],
    csv: (u) => KYC[u.kycState],
    // The search has no identity filter: this one picks among the rows on this page.
    filters: KYC_FILTERS,
    onFilter: (value, u) => u.kycState === value,
  },
  {
    title: 'Status',
    render: (_, u) => (u.lockedAt === null ? 'Active' : <Tag color="error">Locked</Tag>),
    csv: statusOf,
    filters: [
      { value: 'Active', text: 'Active' },
      { value: 'Locked', text: 'Locked' },
    ],
    onFilter: (value, u) => statusOf(u) === value,
  },
];

/** Users: one by UID, e-mail or phone (exact), or the newest (every role). */
export function UsersPage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const list = useQuery({
    queryKey: ['users', q, page, size],
    queryFn: () => call<UserSearchResult>(`${ADMIN_API.users.search}${queryString({ q, page, size })}`),
    placeholderData: keepPreviousData,
  });
  const search = () => {
    setQ(draft.trim() || undefined);
    setPage(1);
  };
  return (
    <PageLayout title="Users">
      <Form className="search" layout="vertical" onFinish={search} role="search" aria-label="Find a user">
        <Form.Item label="UID, e-mail or phone (+ and digits), exactly" htmlFor="user-q" className="search__wide">
          <Input id="user-q" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Find
        </Button>
      </Form>
      <PagedTable
        query={list}
        columns={COLUMNS}
        rowKey={(u) => u.uid}
        caption={q ? 'The user found' : 'Users, newest first'}
        empty="No user matches."
        exportName="users"
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
    </PageLayout>
  );
}

type Balance = UserDetail['balances']['real'][number];
type Transaction = UserDetail['transactions'][number];
type Session = UserDetail['sessions'][number];

const BALANCE_COLUMNS: Column<Balance>[] = [
  { title: 'Account', dataIndex: 'wallet', csv: (b) => b.wallet },
  { title: 'Coin', dataIndex: 'asset', csv: (b) => b.asset },
  { title: 'Balance', dataIndex: 'balance', className: 'mono', csv: (b) => b.balance },
];
const SESSION_COLUMNS: Column<Session>[] = [
  { title: 'Since', className: 'nowrap', render: (_, s) => formatTime(s.createdAt) },
  { title: 'Last seen', className: 'nowrap', render: (_, s) => formatTime(s.lastSeenAt) },
  { title: 'From', dataIndex: 'origin' },
  { title: 'Address', dataIndex: 'ip', className: 'mono' },
];
const changesOf = (t: Transaction) => t.changes.map((c) => `${c.wallet} ${c.amount} ${c.asset}`).join('; ');

/** One user: profile, balances (read-only), live sessions; lock, unlock, sign out everywhere, unfreeze withdrawals as the role allows. Opening it is recorded. */
export function UserPage() {
  const uid = useParams().uid ?? '';
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const key = ['users', 'detail', uid];
  const user = useQuery({
    queryKey: key,
    queryFn: () => call<UserDetail>(`${ADMIN_API.users.detail}${queryString({ uid })}`),
    staleTime: Infinity,
  });
  const [reason, setReason] = useState('');
  const [unfreezeNote, setUnfreezeNote] = useState('');
  const act = useMutation({
    mutationFn: (action: 'lock' | 'unlock' | 'logout' | 'unfreezeWithdrawals') =>
      call<UserDetail>(
        ADMIN_API.users[action],
        action === 'lock'
          ? { uid, reason: reason.trim() }
          : action === 'unfreezeWithdrawals'
            ? { uid, note: unfreezeNote.trim() }
            : { uid },
      ),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({
        queryKey: ['users'],
        exact: false,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
      setReason('');
      setUnfreezeNote('');
    },
  });
  if (user.isError)
    return (
      <PageLayout title={`User ${uid}`}>
        <Alert type="error" role="alert" title={user.error.message} />
      </PageLayout>
    );
  if (!user.data)
    return (
      <PageLayout title={`User ${uid}`}>
        <p role="status">Loading…</p>
      </PageLayout>
    );
  const u = user.data;
  const role = operator?.role;
  const mayLock = role === 'support' || role === 'compliance' || role === 'admin';
  const mayUnlock = role === 'compliance' || role === 'admin';
  // Four eyes: finance and admin ask for a credit or a reversal here; another operator approves it on the Approvals page.
  const mayAskApproval = role !== undefined && mayOpen(role, '/approvals');
  const rows: Array<[string, string]> = [
    ['UID', u.uid],
    ['Nickname', u.nickname],
    ['E-mail', u.email ?? '—'],
    ['Phone', u.phone ?? '—'],
    ['Joined', formatTime(u.createdAt)],
    ['Invited by', u.manager ?? '—'],
    ['Identity', KYC[u.kycState] ?? u.kycState],
    ['Status', u.lockedAt === null ? 'Active' : `Locked ${formatTime(u.lockedAt)}: ${u.lockedReason ?? ''}`],
    [
      'Withdrawals',
      u.withdrawalsFrozenAt === null
        ? 'Allowed'
        : `Frozen since ${formatTime(u.withdrawalsFrozenAt)} (by the user's "this wasn't me" link)`,
    ],
  ];
  const transactionColumns: Column<Transaction>[] = [
    { title: 'Transaction', dataIndex: 'id', className: 'mono', csv: (t) => t.id },
    {
      title: 'Time',
      className: 'nowrap',
      render: (_, t) => formatTime(t.createdAt),
      csv: (t) => new Date(t.createdAt).toISOString(),
    },
    { title: 'Kind', dataIndex: 'kind', csv: (t) => t.kind },
    { title: 'Changes', className: 'mono', render: (_, t) => changesOf(t), csv: changesOf },
    ...(mayAskApproval
      ? [
          {
            title: <span className="visually-hidden">Correction</span>,
            key: 'correction',
            render: (_: unknown, t: Transaction) => (
              <Link
                to={`/approvals/reversal${queryString({ transactionId: t.id })}`}
                aria-label={`Request the reversal of transaction ${t.id}`}
              >
                Request a reversal
              </Link>
            ),
          },
        ]
      : []),
  ];
  return (
    <PageLayout title={`User ${u.uid}`} back={{ to: '/users', label: 'Users' }}>
      <ErrorAlert text={act.isError ? act.error.message : null} />
      <div className="review">
        <Card title={<h2 className="card-title">Profile</h2>}>
          <Descriptions
            className="details-list"
            column={1}
            size="small"
            items={rows.map(([k, v]) => ({ key: k, label: k, children: v }))}
          />
          {mayLock && u.lockedAt === null && (
            <Form
              className="decide"
              layout="vertical"
              onFinish={() => {
                if (reason.trim()) act.mutate('lock');
              }}
              aria-label="Lock the account"
            >
              <Form.Item label="Reason for the lock" htmlFor="lock-reason">
                <Input id="lock-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
              </Form.Item>
              <Button danger type="primary" htmlType="submit" disabled={act.isPending || !reason.trim()}>
                Lock account
              </Button>
            </Form>
          )}
          <Space wrap className="spaced-top">
            {mayUnlock && u.lockedAt !== null && (
              <Button type="primary" disabled={act.isPending} onClick={() => act.mutate('unlock')}>
                Unlock account
              </Button>
            )}
            {mayLock && u.sessions.length > 0 && (
              <Button disabled={act.isPending} onClick={() => act.mutate('logout')}>
                Sign out everywhere
              </Button>
            )}
          </Space>
          {mayLock && u.withdrawalsFrozenAt !== null && (
            <Form
              className="decide"
              layout="vertical"
              onFinish={() => {
                if (unfreezeNote.trim()) act.mutate('unfreezeWithdrawals');
              }}
              aria-label="Unfreeze withdrawals"
            >
              <Form.Item label="How the user was checked" htmlFor="unfreeze-note">
                <Input
                  id="unfreeze-note"
                  value={unfreezeNote}
                  maxLength={200}
                  onChange={(e) => setUnfreezeNote(e.target.value)}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" disabled={act.isPending || !unfreezeNote.trim()}>
                Unfreeze withdrawals
              </Button>
            </Form>
          )}
        </Card>
        <div>
          {(['real', 'demo'] as const).map((mode) => (
            <Card
              key={mode}
              className="card spaced"
              title={<h2 className="card-title">{mode === 'real' ? 'Real balances' : 'Demo balances'}</h2>}
            >
              {u.balances[mode].length === 0 ? (
                <p>None.</p>
              ) : (
                <ListTable
                  caption={`${mode} balances`}
                  empty="None."
                  rows={u.balances[mode]}
                  columns={BALANCE_COLUMNS}
                  rowKey={(b) => `${b.wallet}:${b.asset}`}
                />
              )}
              {mode === 'real' && mayAskApproval && (
                <p className="spaced-top">
                  <Link to={`/approvals/credit${queryString({ uid: u.uid })}`}>Request a credit</Link> (another operator
                  approves it)
                </p>
              )}
            </Card>
          ))}
          <Card className="card spaced" title={<h2 className="card-title">Recent real transactions</h2>}>
            {u.transactions.length === 0 ? (
              <p>None.</p>
            ) : (
              <ListTable
                caption="The user's last ledger transactions in real money, newest first"
                empty="None."
                rows={u.transactions}
                columns={transactionColumns}
                rowKey={(t) => t.id}
                exportName={`user ${u.uid} transactions`}
              />
            )}
          </Card>
          <Card className="card spaced" title={<h2 className="card-title">Live sessions</h2>}>
            {u.sessions.length === 0 ? (
              <p>None.</p>
            ) : (
              <ListTable
                caption="Live sessions, newest first"
                empty="None."
                rows={u.sessions}
                columns={SESSION_COLUMNS}
                rowKey={(s) => `${s.createdAt}:${s.ip}`}
              />
            )}
          </Card>
        </div>
      </div>
    </PageLayout>
  );
}
