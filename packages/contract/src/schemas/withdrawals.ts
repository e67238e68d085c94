import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { ChainAddress, ChainId, DEPOSIT_CHAIN_IDS } from './deposits';
import { AssetSymbol } from './wallet';

/**
 * Withdrawals (spec §2 "Withdraw", §3 "Withdraw address", §5, §6, §7 "Addresses"; docs/withdrawals.md).
 * Money leaves only to an address the user saved in their withdrawal address book with their fund
 * password; a new address waits out a hold before it can be used.
 */

/** Withdrawal addresses one user may keep (all coins and chains together). */
export const WITHDRAW_ADDRESS_BOOK_MAX = 50;
export const WITHDRAW_NICKNAME_MAX = 40;

/** A saved withdrawal address: `holding` until `usableFrom`, then `usable`. */
export const WITHDRAW_ADDRESS_STATES = ['holding', 'usable'] as const;
export type WithdrawAddressState = (typeof WITHDRAW_ADDRESS_STATES)[number];

export const WithdrawAddress = Type.Object({
  id: PublicId,
  currency: Type.String({ description: 'the coin, e.g. USDT' }),
  chainType: Type.Enum(DEPOSIT_CHAIN_IDS),
  chainName: Type.String(),
  protocol: Type.String({ description: 'the label a user picks the chain by: ERC20, TRC20, BTC' }),
  address: Type.String({ description: 'EIP-55 hex on EVM chains, base58check T… on TRON, lower-case bech32 or base58 on Bitcoin' }),
  nickname: Type.String(),
  createdAt: EpochMs,
  /** When withdrawals to it may start: the hold after saving (WITHDRAW_ADDRESS_HOLD_HOURS). */
  usableFrom: EpochMs,
  state: Type.Enum(WITHDRAW_ADDRESS_STATES),
});
export type WithdrawAddress = Static<typeof WithdrawAddress>;
export const WithdrawAddressResponse = Envelope(WithdrawAddress);

const Nickname = Type.String({ maxLength: WITHDRAW_NICKNAME_MAX, description: 'spaces at the ends are dropped; may be empty' });
const FundPassword = Type.String({ minLength: 1, maxLength: 128, ...withError('FIELD_REQUIRED') });
const WithdrawAddressId = PublicIdParam('ADDRESS_NOT_FOUND');

/** Spec §7 `currencyAddress/insert`: currency, chain type, address, nickname, fund password (spec §5: address and fund password required). */
export const InsertWithdrawAddressBody = Type.Object({
  currency: AssetSymbol,
  chainType: ChainId,
  address: ChainAddress,
  nickname: Type.Optional(Nickname),
  fundPassword: FundPassword,
}, { additionalProperties: false });
export type InsertWithdrawAddressBody = Static<typeof InsertWithdrawAddressBody>;

/** Deleting needs the fund password too: someone holding a stolen session must not clear the user's trusted addresses unnoticed. */
export const DeleteWithdrawAddressBody = Type.Object({ id: WithdrawAddressId, fundPassword: FundPassword }, { additionalProperties: false });
export type DeleteWithdrawAddressBody = Static<typeof DeleteWithdrawAddressBody>;

/** `currencyAddress/currencyList`: the user's saved addresses, of one coin when `currency` is given, newest first. */
export const WithdrawAddressListQuery = Type.Object({ currency: Type.Optional(AssetSymbol) }, { additionalProperties: false });
export const WithdrawAddressListResponse = Envelope(Type.Array(WithdrawAddress));

/** `currencyAddress/info`: what the withdraw form needs for one coin: its chains and the saved addresses on each. */
export const WithdrawAddressInfoQuery = Type.Object({ currency: AssetSymbol }, { additionalProperties: false });
export const WithdrawAddressInfo = Type.Object({
  currency: Type.String(),
  chains: Type.Array(Type.Object({
    chainType: Type.Enum(DEPOSIT_CHAIN_IDS),
    chainName: Type.String(),
    protocol: Type.String(),
    addresses: Type.Array(WithdrawAddress),
  }), { description: 'every chain the coin is catalogued on, each with the user\'s saved addresses on it' }),
  /** The next time a held address becomes usable, if any is held. */
  nextUsableAt: NullableEpochMs,
});
export type WithdrawAddressInfo = Static<typeof WithdrawAddressInfo>;
export const WithdrawAddressInfoResponse = Envelope(WithdrawAddressInfo);
