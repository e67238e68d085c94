import { ERRORS, type DepositRoute, type RechargeType, type WithdrawAddress } from '@app/contract';

/** The coin the pages open with when none is asked for (the one most withdrawn). */
export const PREFERRED_COIN = 'USDT';

/**
 * The coins an address can be saved for: those catalogued on at least one chain (docs/withdrawals.md
 * "Coins and chains"), whatever the chain's deposit state: a paused deposit route does not stop
 * the user from keeping an address there.
 */
export function addressCoins(types: readonly RechargeType[] | undefined): RechargeType[] {
  return (types ?? []).filter((c) => c.chains.length > 0);
}

/** The coin asked for (any case) among `coins`, else USDT, else the first. */
export function pickCoin(coins: readonly RechargeType[], wanted: string | null | undefined): RechargeType | undefined {
  const symbol = wanted?.toUpperCase();
  return coins.find((c) => c.symbol === symbol) ?? coins.find((c) => c.symbol === PREFERRED_COIN) ?? coins[0];
}

/** The chain asked for if the coin is on it, else the coin's first. */
export function pickChain(coin: RechargeType | undefined, wanted: string | null | undefined): DepositRoute | undefined {
  return coin?.chains.find((c) => c.chain === wanted) ?? coin?.chains[0];
}

/** How an address's network reads: "TRON (TRC20)". */
export function networkLabel(a: { chainName: string; protocol: string }): string {
  return `${a.chainName} (${a.protocol})`;
}

/** Still held (not usable for a withdrawal yet) at `nowMs`: the server's `state`, or its `usableFrom` not passed yet. */
export function isHeld(address: WithdrawAddress, nowMs: number): boolean {
  return address.state === 'holding' && address.usableFrom > nowMs;
}

/** The coins of the saved addresses, each once, in the order they first appear (newest first). */
export function savedCoins(addresses: readonly WithdrawAddress[]): string[] {
  return [...new Set(addresses.map((a) => a.currency))];
}

/** The form fields a server refusal belongs to; the rest are shown above the button. */
export type AddressField = 'address' | 'fundPassword';

const FIELD_OF_CODE: ReadonlyMap<number, AddressField> = new Map([
  [ERRORS.FUND_PASSWORD_INCORRECT.code, 'fundPassword'],
  [ERRORS.FUND_PASSWORD_LOCKED.code, 'fundPassword'],
  [ERRORS.FUND_PASSWORD_NOT_SET.code, 'fundPassword'],
  [ERRORS.ADDRESS_INVALID.code, 'address'],
  [ERRORS.ADDRESS_CHECKSUM_INVALID.code, 'address'],
  [ERRORS.ADDRESS_DUPLICATE.code, 'address'],
  [ERRORS.WITHDRAW_ADDRESS_OWN.code, 'address'],
]);

/** Where a server refusal (its catalogue code) is shown: beside the field it is about, or null for the whole form. */
export function fieldOfError(code: number): AddressField | null {
  return FIELD_OF_CODE.get(code) ?? null;
}
