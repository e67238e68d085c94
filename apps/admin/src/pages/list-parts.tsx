import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { uidFilter } from '../withdrawal-forms';

/** The views of a page as tabs (each a route). */
export function PageTabs({ label, tabs, current }: { label: string; tabs: ReadonlyArray<{ to: string; label: string }>; current: string }) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((t) => <Link key={t.to} to={t.to} className="tabs__link" aria-current={t.to === current ? 'page' : undefined}>{t.label}</Link>)}
    </nav>
  );
}

/**
 * A list's state and user filter as the address bar keeps them (`?state=…&uid=…`). `fallback` is
 * the state shown when none is asked (left out of the address); without one, all states.
 */
export function useStateUidParams<S extends string>(states: readonly S[], fallback?: S) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state: S | undefined = states.find((s) => s === asked) ?? fallback;
  const uid = params.get('uid') ?? undefined;
  const show = (nextState: S | undefined, nextUid: string | undefined) => {
    const next = new URLSearchParams();
    if (nextState && nextState !== fallback) next.set('state', nextState);
    if (nextUid) next.set('uid', nextUid);
    setParams(next);
  };
  return { state, uid, key: `${state ?? ''}:${uid ?? ''}`, show };
}

interface FilterProps<S extends string> {
  /** The form's accessible name, e.g. "Filter withdrawals". */
  name: string;
  /** Prefix of the problem's element id. */
  id: string;
  states: readonly S[];
  labels: Record<S, string>;
  state: S | undefined;
  uid: string | undefined;
  /** When given, a first option for every state (its label). */
  all?: string;
  onShow: (state: S | undefined, uid: string | undefined) => void;
}

/** A list's filter: a state and a user (a UID is 8 digits, or empty for all users). */
export function StateUidFilter<S extends string>({ name, id, states, labels, state, uid, all, onShow }: FilterProps<S>) {
  const [draftState, setDraftState] = useState<S | ''>(state ?? '');
  const [draftUid, setDraftUid] = useState(uid ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = uidFilter(draftUid);
    if ('problem' in found) return setProblem(found.problem);
    setProblem(null);
    onShow(draftState || undefined, found.uid);
  };
  const problemId = `${id}-problem`;
  return (
    <>
      <form className="search" onSubmit={submit} role="search" aria-label={name} noValidate>
        <label className="field search__narrow"><span>State</span>
          <select value={draftState} onChange={(e) => setDraftState(e.target.value as S | '')}>
            {all !== undefined && <option value="">{all}</option>}
            {states.map((s) => <option key={s} value={s}>{labels[s]}</option>)}
          </select>
        </label>
        <label className="field search__narrow"><span>User UID (empty for all)</span>
          <input value={draftUid} inputMode="numeric" autoComplete="off" maxLength={20} onChange={(e) => setDraftUid(e.target.value)}
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? problemId : undefined} />
        </label>
        <button type="submit" className="button">Show</button>
      </form>
      {problem && <p className="error" id={problemId} role="alert">{problem}</p>}
    </>
  );
}

interface ProductTableProps<T> {
  query: { isError: boolean; error: Error | null; isPending: boolean; data: T[] | undefined };
  caption: string;
  /** Shown when there is none. */
  empty: string;
  head: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** A list read whole (products): its error or loading state, then the table. */
export function ProductTable<T>({ query, caption, empty, head, children }: ProductTableProps<T>) {
  const { data } = query;
  return (
    <>
      {query.isError && <p className="error" role="alert">{query.error?.message}</p>}
      {query.isPending && <p role="status">Loading…</p>}
      {data && data.length === 0 && <p>{empty}</p>}
      {data && data.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{caption}</caption>
            <thead><tr>{head}</tr></thead>
            <tbody>{children(data)}</tbody>
          </table>
        </div>
      )}
    </>
  );
}
