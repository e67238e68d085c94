import type { TypeUser } from '@app/contract';

/** The user's wallets (docs/product.md §3 accounts: currency, option, financing). */
export const WALLETS = ['currency', 'option', 'financing'] as const;
export type Wallet = (typeof WALLETS)[number];

/** Reserved money of a wallet (open orders, stakes, pending withdrawals, ...): "frozen". */
export type FrozenKind = `${Wallet}_frozen`;
export const frozenOf = (w: Wallet): FrozenKind => `${w}_frozen`;

/**
 * System accounts per asset and mode (docs/ledger.md). They are the other side of every movement
 * in or out of users' hands, so they may go negative: external_deposits is minus what came in.
 */
export const SYSTEM_KINDS = [
  'house',
  'fees',
  'external_deposits',
  'external_withdrawals',
  'loan_book',
  'interest',
  'demo_faucet',
] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];

export type UserKind = Wallet | FrozenKind;
export type Mode = TypeUser;

/**
 * How many rows (shards) each system account is kept in. Every user's transactions would otherwise
 * queue on the one house row (its lock is held until the commit); a transaction posts to the shard
 * of its user (`shardOf`), and a system account's balance is the sum of its shards.
 */
export const SYSTEM_SHARDS = 16;

export type AccountRef =
  | { userId: number; mode: Mode; kind: UserKind; asset: string }
  /** `shard`: one row of the account; left out, the ledger picks it when posting, and a balance is of all of them. */
  | { userId: null; mode: Mode; kind: SystemKind; asset: string; shard?: number };

export const userAccount = (userId: number, mode: Mode, kind: UserKind, asset: string): AccountRef => ({
  userId,
  mode,
  kind,
  asset,
});
export const systemAccount = (mode: Mode, kind: SystemKind, asset: string, shard?: number): AccountRef =>
  shard === undefined ? { userId: null, mode, kind, asset } : { userId: null, mode, kind, asset, shard };

/** The shard of the system accounts a transaction posts to: its (first) user's, so a user's transactions use one. */
export const shardOf = (userId: number | undefined): number => (userId ?? 0) % SYSTEM_SHARDS;

/** One string per account (per shard of a system account): a map key for batches. */
export const accountKey = (ref: AccountRef): string =>
  `${ref.userId ?? 0}|${ref.mode}|${ref.kind}|${ref.asset}${ref.userId === null && ref.shard !== undefined ? `|${ref.shard}` : ''}`;
