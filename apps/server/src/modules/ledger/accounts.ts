import type { TypeUser } from '@app/contract';

/** The user's wallets (spec §3 accounts: currency, option, financing). */
export const WALLETS = ['currency', 'option', 'financing'] as const;
export type Wallet = (typeof WALLETS)[number];

/** Reserved money of a wallet (open orders, stakes, pending withdrawals, ...): "frozen". */
export type FrozenKind = `${Wallet}_frozen`;
export const frozenOf = (w: Wallet): FrozenKind => `${w}_frozen`;

/**
 * System accounts per asset and mode (DESIGN.md §4). They are the other side of every movement
 * in or out of users' hands, so they may go negative: external_deposits is minus what came in.
 */
export const SYSTEM_KINDS = ['house', 'fees', 'external_deposits', 'external_withdrawals', 'loan_book', 'interest', 'demo_faucet'] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];

export type UserKind = Wallet | FrozenKind;
export type Mode = TypeUser;

export type AccountRef =
  | { userId: number; mode: Mode; kind: UserKind; asset: string }
  | { userId: null; mode: Mode; kind: SystemKind; asset: string };

export const userAccount = (userId: number, mode: Mode, kind: UserKind, asset: string): AccountRef => ({ userId, mode, kind, asset });
export const systemAccount = (mode: Mode, kind: SystemKind, asset: string): AccountRef => ({ userId: null, mode, kind, asset });

/** One string per account: a map key for batches. */
export const accountKey = (ref: AccountRef): string => `${ref.userId ?? 0}|${ref.mode}|${ref.kind}|${ref.asset}`;
