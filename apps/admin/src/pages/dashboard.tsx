import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Card, Tag } from 'antd';
import { ADMIN_API, type AdminDashboard, type AdminQueue } from '@app/contract';
import { call } from '../api';
import { useAuth } from '../auth';
import { formatTime, formatWait } from '../format';
import { mayOpen, reviewersText, reviews } from '../roles';
import { ListTable } from '../ui/data-table';
import { PageLayout } from '../ui/page';

/** Each queue's name and the page that works it. */
const QUEUES: Record<AdminQueue, { title: string; path: string; waiting: (n: number) => string }> = {
  kyc: { title: 'KYC queue', path: '/kyc', waiting: (n) => `${n} submission${n === 1 ? '' : 's'} awaiting review` },
  approvals: {
    title: 'Approvals',
    path: '/approvals',
    waiting: (n) => `${n} request${n === 1 ? '' : 's'} awaiting a second operator`,
  },
  // No page yet: the incidents are read in the database (docs/deposits.md "Detection and crediting").
  deposits: {
    title: 'Deposit incidents',
    path: '/deposits',
    waiting: (n) => `${n} credited deposit${n === 1 ? '' : 's'} a re-org removed from the chain`,
  },
  withdrawals: {
    title: 'Withdrawals',
    path: '/withdrawals',
    waiting: (n) => `${n} withdrawal${n === 1 ? '' : 's'} awaiting review`,
  },
  loans: {
    title: 'Loans',
    path: '/loans',
    waiting: (n) => `${n} loan application${n === 1 ? '' : 's'} awaiting review`,
  },
};

/** How often the counts are read again while the page is open. */
const REFRESH_MS = 30_000;

const blocks = (n: number | null) => (n === null ? '—' : String(n));

/**
 * Where every operator lands: how much waits in each queue of their role, for how long, and who
 * reviews it; a queue's title links to its page where the role may open it.
 */
export function DashboardPage() {
  const { operator } = useAuth();
  const counts = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => call<AdminDashboard>(ADMIN_API.dashboard),
    refetchInterval: REFRESH_MS,
  });
  if (!operator) return null;
  return (
    <PageLayout title="Dashboard">
      {counts.isError && <Alert type="error" role="alert" title={counts.error.message} />}
      {counts.isPending && <p aria-busy="true">Loading…</p>}
      {counts.data && counts.data.queues.length === 0 && <p>Your role works no queue: open a page from the menu.</p>}
      <ul className="queues">
        {counts.data?.queues.map(({ queue, pending, oldestAt }) => {
          const q = QUEUES[queue];
          return (
            <li key={queue} data-testid={`queue-${queue}`}>
              <Card
                className="queues__item"
                title={
                  <h2 className="card-title">
                    {mayOpen(operator.role, q.path) ? <Link to={q.path}>{q.title}</Link> : q.title}
                  </h2>
                }
              >
                <p className="queues__count">{q.waiting(pending)}</p>
                <p data-testid="queue-reviewers">
                  {reviewersText(queue)}
                  {reviews(operator.role, queue) ? '' : `: as ${operator.role} you read the queue`}.
                </p>
                <p className="muted">
                  {oldestAt === null ? (
                    'Nothing waits.'
                  ) : (
                    <>
                      Oldest waiting {formatWait(Date.now() - oldestAt)}, since{' '}
                      <time dateTime={new Date(oldestAt).toISOString()}>{formatTime(oldestAt)}</time>
                    </>
                  )}
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
      {counts.data && counts.data.chains.length > 0 && (
        <>
          <h2>Chain watchers</h2>
          <ListTable<AdminDashboard['chains'][number]>
            caption="Chain watchers"
            empty="No chain is watched."
            rows={counts.data.chains}
            rowKey={(c) => c.chain}
            columns={[
              { title: 'Chain', dataIndex: 'chain' },
              { title: 'Node head', className: 'mono', render: (_, c) => blocks(c.head) },
              { title: 'Scanned to', className: 'mono', render: (_, c) => blocks(c.cursor) },
              {
                title: 'Behind',
                className: 'mono',
                render: (_, c) => (c.lag === null ? '—' : `${c.lag} block${c.lag === 1 ? '' : 's'}`),
              },
              {
                title: 'State',
                render: (_, c) =>
                  c.failures > 0 ? (
                    <Tag color="error">
                      {c.failures} failed poll{c.failures === 1 ? '' : 's'}: {c.lastError}
                    </Tag>
                  ) : (
                    'polling'
                  ),
              },
            ]}
          />
        </>
      )}
    </PageLayout>
  );
}
