import { useQuery } from '@tanstack/react-query';
import { API, type Contract, type TypeUser } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

/** One contract with the ticks that decided it. */
export function getContractDetail(id: string): Promise<Contract> {
  return apiGet<Contract>(API.contract.detail, { id });
}

export const contractDetailKey = (typeUser: TypeUser, id: string) => ledgerQueryKey(typeUser, 'contract', id);

/**
 * Settlement is learnt from the openOrders feed (hooks/use-order-events.ts writes the settled
 * contract into its detail query and refetches the lists). As a fallback for a missed event,
 * a query holding an open contract past its expiry is fetched again every `SETTLE_POLL_MS`
 * until it is settled. `SETTLE_GRACE_MS` is the time the feed gets first.
 */
export const SETTLE_POLL_MS = 1000;
const SETTLE_GRACE_MS = 1500;

/** When to fetch `contracts` again to learn a settlement (ms), or false when none is open. */
export function settlePollDelay(contracts: readonly Contract[], now = Date.now()): number | false {
  const open = contracts.filter((c) => c.status === 'open');
  if (open.length === 0) return false;
  const due = Math.min(...open.map((c) => c.expiresAt + SETTLE_GRACE_MS - now));
  return Math.max(due, SETTLE_POLL_MS);
}

export function useContractDetail(id: string | null, initial?: Contract) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useQuery({
    queryKey: contractDetailKey(typeUser, id ?? ''),
    queryFn: () => getContractDetail(id!),
    enabled: id !== null,
    ...(initial ? { initialData: initial, initialDataUpdatedAt: Date.now() } : {}),
    staleTime: (q) => (q.state.data?.status === 'settled' ? Infinity : 0),
    refetchInterval: (q) => settlePollDelay(q.state.data ? [q.state.data] : []),
  });
}
