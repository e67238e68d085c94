import { useQuery } from '@tanstack/react-query';
import { API, type KycDocumentType, type KycDocumentsBody, type KycInfo, type KycPrimaryBody } from '@app/contract';
import { apiGet, apiPost } from '../../../lib/api/api-client';

/** The document types accepted for a nationality (docs/product.md §7 idCard/type). */
export function useDocumentTypes(nationality: string) {
  return useQuery({
    queryKey: ['kyc', 'types', nationality],
    queryFn: async () =>
      (await apiGet<{ types: KycDocumentType[] }>(API.idCard.type, nationality ? { nationality } : undefined)).types,
    enabled: nationality !== '',
    staleTime: 10 * 60_000,
  });
}

export const submitPrimary = (body: KycPrimaryBody) => apiPost<KycInfo>(API.idCard.insertPrimaryVerification, body);
export const submitDocuments = (body: KycDocumentsBody) => apiPost<KycInfo>(API.idCard.insert, body);
