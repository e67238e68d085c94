import { lazy, Suspense } from 'react';
import { useSessionStore } from '../../lib/session/session-store';

/**
 * What the app's shell mounts from the trade feature on every page (kept apart from index.ts,
 * whose pages load lazily): the user's order events and the results of settled contracts.
 * A visitor has neither, so their code loads only once someone is logged in (issue 14: the
 * first route's budget counts a visitor's home page).
 */
const Results = lazy(() => import('./components/contract-results').then((m) => ({ default: m.ContractResults })));

export function ContractResults() {
  const loggedIn = useSessionStore((s) => s.token !== null);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <Results />
    </Suspense>
  );
}
