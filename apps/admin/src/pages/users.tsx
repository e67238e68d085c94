import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ADMIN_API, type UserDetail, type UserSearchResult } from '@app/contract';
import { call, queryString } from '../api';
import { useAuth } from '../auth';
import { formatTime } from '../format';
import { mayOpen } from '../roles';
import { PagedTable } from './pager';

const PAGE_SIZE = 20;
const KYC: Record<string, string> = { not_started: 'Not verified', primary: 'Real name only', pending: 'Under review', verified: 'Verified', rejected: 'Rejected' };

/** Users: one by UID, e-mail or phone (exact), or the newest (every role). */
export function UsersPage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['users', q, page],
    queryFn: () => call<UserSearchResult>(`${ADMIN_API.users.search}${queryString({ q, page, size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim() || undefined);
    setPage(1);
  };
  return (
    <section className="page">
      <h1>Users</h1>
      <form className="search" onSubmit={search} role="search" aria-label="Find a user">
        <label className="field"><span>UID, e-mail or phone (+ and digits), exactly</span><input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={100} /></label>
        <button type="submit" className="button">Find</button>
      </form>
      <PagedTable query={list} caption={q ? 'The user found' : 'Users, newest first'} onPage={setPage} empty={<p>No user matches.</p>}
        head={<><th scope="col">UID</th><th scope="col">Nickname</th><th scope="col">E-mail</th><th scope="col">Phone</th><th scope="col">Joined</th><th scope="col">Identity</th><th scope="col">Status</th></>}>
        {(items) => items.map((u) => (
          <tr key={u.uid}>
            <td className="mono"><Link to={`/users/${u.uid}`}>{u.uid}</Link></td>
            <td>{u.nickname}</td>
            <td>{u.email ?? ''}</td>
            <td>{u.phone ?? ''}</td>
            <td className="nowrap">{formatTime(u.createdAt)}</td>
            <td>{KYC[u.kycState]}</td>
            <td>{u.lockedAt === null ? 'Active' : 'Locked'}</td>
          </tr>
        ))}
      </PagedTable>
    </section>
  );
}

/** One user: profile, balances (read-only), live sessions; lock, unlock, sign out everywhere, unfreeze withdrawals as the role allows. Opening it is recorded. */
export function UserPage() {
  const uid = useParams().uid ?? '';
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const key = ['users', 'detail', uid];
  const user = useQuery({ queryKey: key, queryFn: () => call<UserDetail>(`${ADMIN_API.users.detail}${queryString({ uid })}`), staleTime: Infinity });
  const [reason, setReason] = useState('');
  const [unfreezeNote, setUnfreezeNote] = useState('');
  const act = useMutation({
    mutationFn: (action: 'lock' | 'unlock' | 'logout' | 'unfreezeWithdrawals') => call<UserDetail>(ADMIN_API.users[action],
      action === 'lock' ? { uid, reason: reason.trim() } : action === 'unfreezeWithdrawals' ? { uid, note: unfreezeNote.trim() } : { uid }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({ queryKey: ['users'], exact: false, predicate: (q) => q.queryKey[1] !== 'detail' });
      setReason('');
      setUnfreezeNote('');
    },
  });
  if (user.isError) return <section className="page"><h1>User {uid}</h1><p className="error" role="alert">{user.error.message}</p></section>;
  if (!user.data) return <section className="page"><h1>User {uid}</h1><p role="status">Loading…</p></section>;
  const u = user.data;
  const role = operator?.role;
  const mayLock = role === 'support' || role === 'compliance' || role === 'admin';
  const mayUnlock = role === 'compliance' || role === 'admin';
  // Four eyes: finance and admin ask for a credit or a reversal here; another operator approves it on the Approvals page.
  const mayAskApproval = role !== undefined && mayOpen(role, '/approvals');
  const rows: Array<[string, string]> = [
    ['UID', u.uid], ['Nickname', u.nickname], ['E-mail', u.email ?? '—'], ['Phone', u.phone ?? '—'], ['Joined', formatTime(u.createdAt)],
    ['Invited by', u.manager ?? '—'], ['Identity', KYC[u.kycState] ?? u.kycState],
    ['Status', u.lockedAt === null ? 'Active' : `Locked ${formatTime(u.lockedAt)}: ${u.lockedReason ?? ''}`],
    ['Withdrawals', u.withdrawalsFrozenAt === null ? 'Allowed' : `Frozen since ${formatTime(u.withdrawalsFrozenAt)} (by the user's "this wasn't me" link)`],
  ];
  const lock = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim()) act.mutate('lock');
  };
  const unfreeze = (e: FormEvent) => {
    e.preventDefault();
    if (unfreezeNote.trim()) act.mutate('unfreezeWithdrawals');
  };
  return (
    <section className="page">
      <p><Link to="/users">← Users</Link></p>
      <h1>User {u.uid}</h1>
      {act.isError && <p className="error" role="alert">{act.error.message}</p>}
      <div className="review">
        <div className="card">
          <h2>Profile</h2>
          <dl className="details-list">{rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}</dl>
          {mayLock && u.lockedAt === null && (
            <form className="decide" onSubmit={lock} aria-label="Lock the account">
              <label className="field"><span>Reason for the lock</span><input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} /></label>
              <button type="submit" className="button button--danger" disabled={act.isPending || !reason.trim()}>Lock account</button>
            </form>
          )}
          {mayUnlock && u.lockedAt !== null && <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate('unlock')}>Unlock account</button>}
          {mayLock && u.withdrawalsFrozenAt !== null && (
            <form className="decide" onSubmit={unfreeze} aria-label="Unfreeze withdrawals">
              <label className="field"><span>How the user was checked</span><input value={unfreezeNote} maxLength={200} onChange={(e) => setUnfreezeNote(e.target.value)} /></label>
              <button type="submit" className="button" disabled={act.isPending || !unfreezeNote.trim()}>Unfreeze withdrawals</button>
            </form>
          )}
          {mayLock && u.sessions.length > 0 && <p><button type="button" className="button button--quiet" disabled={act.isPending} onClick={() => act.mutate('logout')}>Sign out everywhere</button></p>}
        </div>
        <div>
          {(['real', 'demo'] as const).map((mode) => (
            <div key={mode} className="card spaced">
              <h2>{mode === 'real' ? 'Real balances' : 'Demo balances'}</h2>
              {u.balances[mode].length === 0 ? <p>None.</p> : (
                <table className="table">
                  <caption className="visually-hidden">{mode} balances</caption>
                  <thead><tr><th scope="col">Account</th><th scope="col">Coin</th><th scope="col">Balance</th></tr></thead>
                  <tbody>{u.balances[mode].map((b) => <tr key={`${b.wallet}:${b.asset}`}><td>{b.wallet}</td><td>{b.asset}</td><td className="mono">{b.balance}</td></tr>)}</tbody>
                </table>
              )}
              {mode === 'real' && mayAskApproval && (
                <p><Link to={`/approvals/credit${queryString({ uid: u.uid })}`}>Request a credit</Link> (another operator approves it)</p>
              )}
            </div>
          ))}
          <div className="card spaced">
            <h2>Recent real transactions</h2>
            {u.transactions.length === 0 ? <p>None.</p> : (
              <table className="table">
                <caption className="visually-hidden">The user's last ledger transactions in real money, newest first</caption>
                <thead><tr><th scope="col">Transaction</th><th scope="col">Time</th><th scope="col">Kind</th><th scope="col">Changes</th>{mayAskApproval && <th scope="col"><span className="visually-hidden">Correction</span></th>}</tr></thead>
                <tbody>{u.transactions.map((t) => (
                  <tr key={t.id}>
                    <td className="mono">{t.id}</td>
                    <td className="nowrap">{formatTime(t.createdAt)}</td>
                    <td>{t.kind}</td>
                    <td className="mono">{t.changes.map((c) => `${c.wallet} ${c.amount} ${c.asset}`).join('; ')}</td>
                    {mayAskApproval && <td><Link to={`/approvals/reversal${queryString({ transactionId: t.id })}`} aria-label={`Request the reversal of transaction ${t.id}`}>Request a reversal</Link></td>}
                  </tr>
                ))}</tbody>
              </table>
            )}
          </div>
          <div className="card spaced">
            <h2>Live sessions</h2>
            {u.sessions.length === 0 ? <p>None.</p> : (
              <table className="table">
                <caption className="visually-hidden">Live sessions, newest first</caption>
                <thead><tr><th scope="col">Since</th><th scope="col">Last seen</th><th scope="col">From</th><th scope="col">Address</th></tr></thead>
                <tbody>{u.sessions.map((s) => <tr key={s.createdAt}><td className="nowrap">{formatTime(s.createdAt)}</td><td className="nowrap">{formatTime(s.lastSeenAt)}</td><td>{s.origin}</td><td className="mono">{s.ip}</td></tr>)}</tbody>
              </table>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
