import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type KycInfo } from '@app/contract';
import { apiGet } from './api-client';
import { useSessionStore } from '../session/session-store';

const infoKey = (token: string | null) => ['kyc', 'info', token] as const;

/** The signed-in user's identity verification (docs/product.md §7 idCard/info): the KYC pages, and its state on the profile. */
export function useKycInfo() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: infoKey(token),
    queryFn: () => apiGet<KycInfo>(API.idCard.info),
    enabled: token !== null,
  });
}

/** Stores an answer that carries the verification as it now is (both stages answer with it). */
export function useKycInfoUpdate() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return (info: KycInfo) => client.setQueryData(infoKey(token), info);
}
