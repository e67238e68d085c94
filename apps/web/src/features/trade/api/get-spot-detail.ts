import { useQuery } from '@tanstack/react-query';
import { API, type SpotOrder, type TypeUser } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

/** One spot order. */
export function getSpotDetail(id: string): Promise<SpotOrder> {
  return apiGet<SpotOrder>(API.spot.detail, { id });
}

export const spotDetailKey = (typeUser: TypeUser, id: string) => ledgerQueryKey(typeUser, 'spot-order', id);

export function useSpotDetail(id: string | null) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useQuery({
    queryKey: spotDetailKey(typeUser, id ?? ''),
    queryFn: () => getSpotDetail(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
