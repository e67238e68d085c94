import { pageCount } from '../format';

/** Previous / next over server-side pages. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const pages = pageCount(total, size);
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page} of {pages} · {total} {total === 1 ? 'entry' : 'entries'}</span>
      <button type="button" className="button button--quiet" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
