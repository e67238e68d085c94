import { useQuery } from '@tanstack/react-query';
import { API } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** The company's address as text (configuration COMPANY_ADDRESS on the server; null when not published). */
export function getCompanyAddress(): Promise<{ address: string | null }> {
  return apiGet<{ address: string | null }>(API.appVersion.companyAddress);
}

export function useCompanyAddress() {
  return useQuery({ queryKey: ['company-address'], queryFn: getCompanyAddress, staleTime: Infinity });
}
