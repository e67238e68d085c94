import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContractList, ContractListQuery, ContractStatus } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';
import { contractEndpoints, type ContractEndpointGroup } from './contract-endpoints';
import { settlePollDelay } from './get-contract-detail';

export const CONTRACT_PAGE_SIZE = 20;

/** One page of the user's contracts on one endpoint group, newest first. */
export function getContractList(group: ContractEndpointGroup, query: ContractListQuery): Promise<ContractList> {
  return apiGet<ContractList>(contractEndpoints(group).getContractList, { ...query });
}

export interface ContractListFilter {
  group: ContractEndpointGroup;
  status?: ContractStatus | undefined;
  symbol?: string | undefined;
}

export function useContractList({ group, status, symbol }: ContractListFilter, options: { enabled?: boolean } = {}) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useInfiniteQuery({
    queryKey: ledgerQueryKey(typeUser, 'contracts', group, status ?? 'all', symbol ?? 'all'),
    queryFn: ({ pageParam }) => getContractList(group, { page: pageParam, size: CONTRACT_PAGE_SIZE, status, symbol }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: options.enabled ?? true,
    staleTime: 0,
    // Open contracts past their expiry: fetch again until the settlement shows (feed fallback).
    refetchInterval: (q) => settlePollDelay(q.state.data?.pages.flatMap((p) => p.items) ?? []),
  });
}
