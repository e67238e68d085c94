import { useQuery } from '@tanstack/react-query';
import { API, type DepositChainId, type WithdrawFeeInfo } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { withdrawalKeys } from './query-keys';

/** `userwithdraw/withdraw-fee`: the fee, limits, balance and state of withdrawing one coin on one chain, for this user now. */
export function getWithdrawFee(currency: string, chainType: DepositChainId): Promise<WithdrawFeeInfo> {
  return apiGet<WithdrawFeeInfo>(API.userWithdraw.withdrawFee, { currency, chainType });
}

export function useWithdrawFee(currency: string | undefined, chainType: DepositChainId | undefined) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: withdrawalKeys.fee(token, currency ?? '', chainType ?? ''),
    queryFn: () => getWithdrawFee(currency ?? '', chainType ?? 'ethereum'),
    enabled: token !== null && currency !== undefined && chainType !== undefined,
    staleTime: 0,
  });
}
