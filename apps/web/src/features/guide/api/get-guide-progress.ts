import { useQuery } from '@tanstack/react-query';
import { API, type GuideProgress } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

/** `guide/progress`: each step done or not, from the user's own records. */
export function getGuideProgress(): Promise<GuideProgress> {
  return apiGet<GuideProgress>(API.guide.progress);
}

/** Asked only when signed in; keyed with the ledger's reads, so a trade, a deposit or a switch refreshes it. */
export function useGuideProgress() {
  const uid = useSessionStore((s) => (s.token ? (s.user?.uid ?? 'me') : null));
  return useQuery({
    queryKey: ledgerQueryKey('real', 'guide', uid ?? 'visitor'),
    queryFn: getGuideProgress,
    enabled: uid !== null,
  });
}
