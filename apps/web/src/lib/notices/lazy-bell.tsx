import { lazy, Suspense } from 'react';

const Bell = lazy(() => import('./notice-bell').then((m) => ({ default: m.NoticeBell })));

/**
 * The notification bell, loaded after the first paint: only a signed-in user sees it, and its code
 * (with the unread store) stays out of the first route's JavaScript budget (docs/performance.md).
 */
export function LazyNoticeBell(props: { to: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Bell {...props} />
    </Suspense>
  );
}
