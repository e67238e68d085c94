import type { DepositRoute, RechargeRecord, RechargeType } from '@app/contract';

/** The coin a desktop page opens with when none is asked for: the first that can be deposited. */
export const PREFERRED_COIN = 'USDT';

/** The coin asked for (by symbol, any case), if the catalogue has it. */
export function findCoin(coins: readonly RechargeType[] | undefined, symbol: string | null): RechargeType | undefined {
  if (!coins || !symbol) return undefined;
  const wanted = symbol.toUpperCase();
  return coins.find((c) => c.symbol === wanted);
}

/** The coin to show when none is asked for: USDT, else the first available, else the first. */
export function defaultCoin(coins: readonly RechargeType[] | undefined): RechargeType | undefined {
  if (!coins) return undefined;
  return coins.find((c) => c.symbol === PREFERRED_COIN && c.available) ?? coins.find((c) => c.available) ?? coins[0];
}

/**
 * The chain shown for a coin: the one asked for if the coin is on it (whatever its state, so a
 * paused chain says so), else the coin's first available chain, else its first; none for a coin
 * with no chain yet.
 */
export function pickChain(coin: RechargeType | undefined, wanted: string | null): DepositRoute | undefined {
  if (!coin) return undefined;
  return (
    coin.chains.find((c) => c.chain === wanted) ?? coin.chains.find((c) => c.state === 'available') ?? coin.chains[0]
  );
}

/** The coins that can be deposited now, and the others (no network yet, paused), each in the catalogue's order. */
export function groupCoins(coins: readonly RechargeType[]): { depositable: RechargeType[]; other: RechargeType[] } {
  return { depositable: coins.filter((c) => c.available), other: coins.filter((c) => !c.available) };
}

/** Coins that can be deposited first, each group in the catalogue's order. */
export function orderCoins(coins: readonly RechargeType[]): RechargeType[] {
  const { depositable, other } = groupCoins(coins);
  return [...depositable, ...other];
}

/**
 * What a coin's row in the picker says: the labels of its available chains, or why it cannot be
 * deposited (no chain yet; every chain paused or not set up).
 */
export type CoinSummary =
  | { kind: 'available'; protocols: string[] }
  | { kind: 'no_network' }
  | { kind: 'unavailable'; state: Exclude<DepositRoute['state'], 'available'> };

export function coinSummary(coin: RechargeType): CoinSummary {
  const open = coin.chains.filter((c) => c.state === 'available');
  if (open.length > 0) return { kind: 'available', protocols: open.map((c) => c.protocol) };
  const first = coin.chains[0];
  if (!first || first.state === 'available') return { kind: 'no_network' };
  return { kind: 'unavailable', state: first.state };
}

/** An in-progress deposit's confirmation counter (the blocks counted so far, of those it waits for); none for another. */
export function confirmationProgress(record: RechargeRecord): { seen: number; needed: number } | null {
  if (record.status !== 'in_progress' || record.confirmations === null || record.confirmationsRequired === null)
    return null;
  return { seen: record.confirmations, needed: record.confirmationsRequired };
}
