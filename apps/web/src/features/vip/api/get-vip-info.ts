import { useQuery } from '@tanstack/react-query';
import { API, type VipInfo } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

/** `vip/info`: the tiers, and the signed-in user's standing on the real account (null for a visitor). */
export function getVipInfo(): Promise<VipInfo> {
  return apiGet<VipInfo>(API.vip.info);
}

/**
 * Keyed with the real ledger's reads (lib/api/ledger-query.ts), so a trade or a transfer refreshes
 * the figures, and by user, so a visitor's answer is never shown after logging in.
 */
export function useVipInfo() {
  const uid = useSessionStore((s) => (s.token ? (s.user?.uid ?? 'me') : 'visitor'));
  return useQuery({ queryKey: ledgerQueryKey('real', 'vip', uid), queryFn: getVipInfo });
}
