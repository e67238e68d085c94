import type { ReactNode } from 'react';
import { pageCount } from '../format';

/**
 * Previous / next over server-side pages. A capped total (more matches than the server counts,
 * ADMIN_LIST_COUNT_CAP) shows as "10,000+"; its last page is the deepest the server serves.
 */
export function Pager({ page, size, total, totalCapped, onPage }: { page: number; size: number; total: number; totalCapped: boolean; onPage: (page: number) => void }) {
  const pages = pageCount(total, size);
  const more = totalCapped ? '+' : '';
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page} of {pages.toLocaleString('en')}{more} · {total.toLocaleString('en')}{more} {total === 1 && !totalCapped ? 'entry' : 'entries'}</span>
      <button type="button" className="button button--quiet" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}

interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
  totalCapped: boolean;
}

interface PagedTableProps<T> {
  /** The page's query: its error and loading state are shown here too. */
  query: { isError: boolean; error: Error | null; isPending: boolean; data: Page<T> | undefined };
  caption: string;
  /** The header cells. */
  head: ReactNode;
  /** Shown instead of the table when nothing matches; without it an empty table shows. */
  empty?: ReactNode;
  onPage: (page: number) => void;
  /** The rows of the page's items. */
  children: (items: T[]) => ReactNode;
}

/** A server-paged list: its error or loading state, then the table and the pager. */
export function PagedTable<T>({ query, caption, head, empty, onPage, children }: PagedTableProps<T>) {
  const { data } = query;
  return (
    <>
      {query.isError && <p className="error" role="alert">{query.error?.message}</p>}
      {query.isPending && <p role="status">Loading…</p>}
      {data && (empty !== undefined && data.total === 0 ? empty : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{caption}</caption>
              <thead><tr>{head}</tr></thead>
              <tbody>{children(data.items)}</tbody>
            </table>
          </div>
          <Pager page={data.page} size={data.size} total={data.total} totalCapped={data.totalCapped} onPage={onPage} />
        </>
      ))}
    </>
  );
}
