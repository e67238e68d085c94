import { useSearchParams } from 'react-router';
import type { DepositChainId } from '@app/contract';

/**
 * The coin and chain shown, kept in the address (`?symbol=USDT&chain=tron`): a reload, a shared
 * link or the back button shows the same deposit. Changing either replaces the history entry.
 */
export function useDepositSelection() {
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol');
  const chain = params.get('chain');
  const setSymbol = (next: string) => setParams({ symbol: next }, { replace: true });
  const setChain = (next: DepositChainId, forSymbol: string) =>
    setParams({ symbol: forSymbol, chain: next }, { replace: true });
  return { symbol, chain, setSymbol, setChain };
}
