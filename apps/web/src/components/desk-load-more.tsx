import { useTranslation } from 'react-i18next';

/** The pages of a list read a page at a time (react-query's infinite query has these). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The "Load more" button under a desktop table (`.desk-table`); nothing once the last page is shown. */
export function DeskLoadMore({ pages }: { pages: Pages }) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="desktop-button desktop-button--ghost desk-load-more"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? t('app.loading') : t('common.loadMore')}
    </button>
  );
}
