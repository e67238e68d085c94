import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { ChainAddress, ChainId, DEPOSIT_CHAIN_IDS } from './deposits';
import { AdminPage, AdminPageInfo } from './admin';
import { AmountString, AssetSymbol } from './wallet';

/**
 * Withdrawals (docs/product.md §2 "Withdraw", §3 "Withdraw address", §5, §6, §7 "Addresses"; docs/withdrawals.md).
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
  address: Type.String({
    description: 'EIP-55 hex on EVM chains, base58check T… on TRON, lower-case bech32 or base58 on Bitcoin',
  }),
  nickname: Type.String(),
  createdAt: EpochMs,
  /** When withdrawals to it may start: the hold after saving (WITHDRAW_ADDRESS_HOLD_HOURS). */
  usableFrom: EpochMs,
  state: Type.Enum(WITHDRAW_ADDRESS_STATES),
});
export type WithdrawAddress = Static<typeof WithdrawAddress>;
export const WithdrawAddressResponse = Envelope(WithdrawAddress);

const Nickname = Type.String({
  maxLength: WITHDRAW_NICKNAME_MAX,
  description: 'spaces at the ends are dropped; may be empty',
});
const FundPassword = Type.String({ minLength: 1, maxLength: 128, ...withError('FIELD_REQUIRED') });
const WithdrawAddressId = PublicIdParam('ADDRESS_NOT_FOUND');

/** docs/product.md §7 `currencyAddress/insert`: currency, chain type, address, nickname, fund password (docs/product.md §5: address and fund password required). */
export const InsertWithdrawAddressBody = Type.Object(
  {
    currency: AssetSymbol,
    chainType: ChainId,
    address: ChainAddress,
    nickname: Type.Optional(Nickname),
    fundPassword: FundPassword,
  },
  { additionalProperties: false },
);
export type InsertWithdrawAddressBody = Static<typeof InsertWithdrawAddressBody>;

/** Deleting needs the fund password too: someone holding a stolen session must not clear the user's trusted addresses unnoticed. */
export const DeleteWithdrawAddressBody = Type.Object(
  { id: WithdrawAddressId, fundPassword: FundPassword },
  { additionalProperties: false },
);
export type DeleteWithdrawAddressBody = Static<typeof DeleteWithdrawAddressBody>;

/** `currencyAddress/currencyList`: the user's saved addresses, of one coin when `currency` is given, newest first. */
export const WithdrawAddressListQuery = Type.Object(
  { currency: Type.Optional(AssetSymbol) },
  { additionalProperties: false },
);
export const WithdrawAddressListResponse = Envelope(Type.Array(WithdrawAddress));

/** `currencyAddress/info`: what the withdraw form needs for one coin: its chains and the saved addresses on each. */
export const WithdrawAddressInfoQuery = Type.Object({ currency: AssetSymbol }, { additionalProperties: false });
export const WithdrawAddressInfo = Type.Object({
  currency: Type.String(),
  chains: Type.Array(
    Type.Object({
      chainType: Type.Enum(DEPOSIT_CHAIN_IDS),
      chainName: Type.String(),
      protocol: Type.String(),
      addresses: Type.Array(WithdrawAddress),
    }),
    { description: "every chain the coin is catalogued on, each with the user's saved addresses on it" },
  ),
  /** The next time a held address becomes usable, if any is held. */
  nextUsableAt: NullableEpochMs,
});
export type WithdrawAddressInfo = Static<typeof WithdrawAddressInfo>;
export const WithdrawAddressInfoResponse = Envelope(WithdrawAddressInfo);

/* ------------------------------------------------------------------------------------------------
 * Withdrawals: a create step (a quote: fee, expected receipt, limits; nothing moves) and a confirm
 * step (the quote and the fund password: the amount moves to escrow, once). docs/withdrawals.md.
 * ---------------------------------------------------------------------------------------------- */

/**
 * A withdrawal's life (docs/product.md §9: Processing, Approved, Rejected, Completed):
 * - `processing`: escrowed, waiting for review (the user may cancel);
 * - `approved`: approved (by the rules or by operators), waiting for the signer;
 * - `broadcast`: signed and sent to the chain, counting confirmations;
 * - `completed`: confirmed on chain;
 * - `rejected`: refused by an operator, the escrow returned, the reason shown;
 * - `failed`: the chain refused it (or it could not be sent), the escrow returned;
 * - `cancelled`: cancelled by the user while processing, the escrow returned.
 */
export const WITHDRAWAL_STATES = [
  'processing',
  'approved',
  'broadcast',
  'completed',
  'rejected',
  'failed',
  'cancelled',
] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** Why a withdrawal waits for an operator instead of being approved by the rules. */
export const WITHDRAW_RISK_FLAGS = [
  'new_address',
  'security_change',
  'first_withdrawal',
  'deposit_not_traded',
  'large_amount',
] as const;
export type WithdrawRiskFlag = (typeof WITHDRAW_RISK_FLAGS)[number];

/** How a withdrawal is reviewed: by the rules alone, by one operator, or by two different operators. */
export const WITHDRAW_REVIEWS = ['auto', 'manual', 'four_eyes'] as const;
export type WithdrawReview = (typeof WITHDRAW_REVIEWS)[number];

/** Why an operator rejects a withdrawal (shown to the user, in their language). */
export const WITHDRAW_REJECT_REASONS = [
  'address_risk',
  'suspicious_activity',
  'identity_check',
  'user_request',
  'other',
] as const;
export type WithdrawRejectReason = (typeof WITHDRAW_REJECT_REASONS)[number];

/** Why withdrawals are paused after a security change (WITHDRAW_SECURITY_LOCK_HOURS). */
export const WITHDRAW_LOCK_REASONS = ['password', 'fund_password', 'contact'] as const;
export type WithdrawLockReason = (typeof WITHDRAW_LOCK_REASONS)[number];

/**
 * Why withdrawals of a coin on a chain are not available now (docs/withdrawals.md "Availability"), the
 * first that applies:
 * - `disabled`: the route is switched off in configuration (`DEPOSIT_<COIN>_<CHAIN>_ENABLED=false`);
 * - `switched_off`: the operators switched it off (back office, withdrawal settings);
 * - `chain_unsupported`: the product sends on this chain not at all (TRON, Bitcoin: no signer);
 * - `no_node`: no node of the chain is configured (`ETHEREUM_RPC_URL`);
 * - `no_hot_wallet`: no hot-wallet key (`WITHDRAW_HOT_KEY_EVM`);
 * - `node_unreachable`: the node does not answer, or answers for another chain;
 * - `node_stalled`: the node's newest block is older than `CHAIN_STALL_SECONDS`;
 * - `hot_wallet_short`: the hot wallet cannot pay the smallest withdrawal, or its gas.
 */
export const WITHDRAW_UNAVAILABLE_REASONS = [
  'disabled',
  'switched_off',
  'chain_unsupported',
  'no_node',
  'no_hot_wallet',
  'node_unreachable',
  'node_stalled',
  'hot_wallet_short',
] as const;
export type WithdrawUnavailableReason = (typeof WITHDRAW_UNAVAILABLE_REASONS)[number];

export const WithdrawUnavailable = Type.Object({
  reason: Type.Enum(WITHDRAW_UNAVAILABLE_REASONS),
  since: Type.Union([EpochMs, Type.Null()], {
    description:
      'when it began, as far as the server knows: the switch-off, the server start (configuration), or the first check that found it',
  }),
});
export type WithdrawUnavailable = Static<typeof WithdrawUnavailable>;

/** How long a withdrawal quote may be confirmed, in seconds. */
export const WITHDRAW_QUOTE_TTL_SECONDS = 120;
export const WITHDRAW_NOTE_MAX = 500;

const Coin = Type.String({ description: 'decimal string in the coin at its full scale, e.g. "20.000000"' });

/** `userwithdraw/withdraw-fee`: the fee, limits and state of withdrawing one coin on one chain, for this user now. */
export const WithdrawFeeQuery = Type.Object(
  { currency: AssetSymbol, chainType: ChainId },
  { additionalProperties: false },
);
export type WithdrawFeeQuery = Static<typeof WithdrawFeeQuery>;
export const WithdrawFeeInfo = Type.Object({
  currency: Type.String(),
  chainType: Type.Enum(DEPOSIT_CHAIN_IDS),
  chainName: Type.String(),
  protocol: Type.String(),
  /** Whether this coin can be withdrawn on this chain at all now (a signer and a node for the chain, switched on). */
  available: Type.Boolean(),
  /** Why not, and since when, while `available` is false; null while it is true. */
  unavailable: Type.Union([WithdrawUnavailable, Type.Null()]),
  /** The fee the user pays now: zero while `feeWaived`. */
  fee: Coin,
  /** The operators' fee for this coin and chain (what the user pays without a waiver or a VIP tier). */
  standardFee: Coin,
  /** The user's VIP tier now (0: none): its lower fee is in `fee` and its higher limits in `maxAmount` and `dailyLimit` (docs/vip.md). */
  vipLevel: Type.Integer({ minimum: 0 }),
  /** New users pay no withdrawal fee for their first three months (docs/product.md §1). */
  feeWaived: Type.Boolean(),
  feeWaivedUntil: NullableEpochMs,
  minAmount: Coin,
  maxAmount: Coin,
  /** The most this user may withdraw of this coin in any 24 hours, and what is left of it now. */
  dailyLimit: Coin,
  dailyRemaining: Coin,
  /** The user's available balance of the coin (currency account, real). */
  balance: Coin,
  /** Decimals an amount may have. */
  amountDecimals: Type.Integer(),
  fundPasswordSet: Type.Boolean(),
  /** Set while withdrawals are paused after a security change: until when, and which change. */
  lockedUntil: NullableEpochMs,
  lockReason: Type.Union([Type.Enum(WITHDRAW_LOCK_REASONS), Type.Null()]),
  /** Set when the user froze withdrawals ("this wasn't me"); support lifts it. */
  frozen: Type.Boolean(),
});
export type WithdrawFeeInfo = Static<typeof WithdrawFeeInfo>;
export const WithdrawFeeResponse = Envelope(WithdrawFeeInfo);

/** `userwithdraw/create`: a saved, usable address of the coin and chain, and the amount that leaves the balance (the fee is inside it). */
export const WithdrawCreateBody = Type.Object(
  {
    currency: AssetSymbol,
    chainType: ChainId,
    addressId: WithdrawAddressId,
    amount: AmountString,
  },
  { additionalProperties: false },
);
export type WithdrawCreateBody = Static<typeof WithdrawCreateBody>;

/** The create step's answer: what the confirm step will do, exactly, if confirmed before `expiresAt`. */
export const WithdrawQuote = Type.Object({
  quoteId: Type.String(),
  expiresAt: EpochMs,
  validSeconds: Type.Integer(),
  currency: Type.String(),
  chainType: Type.Enum(DEPOSIT_CHAIN_IDS),
  chainName: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  nickname: Type.String(),
  /** What leaves the user's balance. */
  amount: Coin,
  fee: Coin,
  feeWaived: Type.Boolean(),
  /** docs/product.md §3 "expected receipt": what the address receives, `amount − fee`. */
  receive: Coin,
});
export type WithdrawQuote = Static<typeof WithdrawQuote>;
export const WithdrawQuoteResponse = Envelope(WithdrawQuote);

/** `userwithdraw/confirm`: the quote and the fund password; with an `Idempotency-Key`, a retry answers the first result. */
export const WithdrawConfirmBody = Type.Object(
  {
    quoteId: Type.String({ minLength: 1, maxLength: 64, ...withError('WITHDRAW_QUOTE_INVALID') }),
    fundPassword: FundPassword,
  },
  { additionalProperties: false },
);
export type WithdrawConfirmBody = Static<typeof WithdrawConfirmBody>;

/** docs/product.md §3 "Withdraw record": account number (the address), amount, number, notes, fee, expected receipt. */
export const Withdrawal = Type.Object({
  id: PublicId,
  /** The record's number as shown to the user and to support. */
  number: Type.String(),
  currency: Type.String(),
  chainType: Type.Enum(DEPOSIT_CHAIN_IDS),
  chainName: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  nickname: Type.String(),
  amount: Coin,
  fee: Coin,
  receive: Coin,
  state: Type.Enum(WITHDRAWAL_STATES),
  /** Why it was rejected (a reason key, shown in the user's language), or null. */
  reason: Type.Union([Type.Enum(WITHDRAW_REJECT_REASONS), Type.Null()]),
  /** The operator's note to the user, or why it failed; null if none. */
  note: Type.Union([Type.String(), Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
  /** Confirmations counted so far while broadcast; null before. */
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  requiredConfirmations: Type.Integer(),
  cancellable: Type.Boolean(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  completedAt: NullableEpochMs,
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawalResponse = Envelope(Withdrawal);

export const WithdrawListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    currency: Type.Optional(AssetSymbol),
    state: Type.Optional(Type.Enum(WITHDRAWAL_STATES)),
  },
  { additionalProperties: false },
);
export type WithdrawListQuery = Static<typeof WithdrawListQuery>;
export const WithdrawalPage = Type.Object({
  items: Type.Array(Withdrawal),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type WithdrawalPage = Static<typeof WithdrawalPage>;
export const WithdrawListResponse = Envelope(WithdrawalPage);

/** `userwithdraw/cancel`: a processing withdrawal of the user, its escrow returned. */
export const WithdrawCancelBody = Type.Object(
  { id: PublicIdParam('WITHDRAWAL_NOT_FOUND') },
  { additionalProperties: false },
);
export type WithdrawCancelBody = Static<typeof WithdrawCancelBody>;

/** `currencyAddress/confirm`: an address confirmed early with a code sent to the user's e-mail or phone (purpose `withdraw_address`). */
export const WithdrawAddressConfirmBody = Type.Object(
  {
    id: WithdrawAddressId,
    channel: Type.Enum(['email', 'phone'] as const),
    code: Type.String({ maxLength: 4, pattern: '^[0-9]{4}$', ...withError('CODE_INVALID') }),
  },
  { additionalProperties: false },
);
export type WithdrawAddressConfirmBody = Static<typeof WithdrawAddressConfirmBody>;

/** `userwithdraw/freeze`: the "this wasn't me" link of a new-address notice; no session needed, the token is the proof. */
export const WithdrawFreezeBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 200, ...withError('WITHDRAW_FREEZE_LINK_INVALID') }) },
  { additionalProperties: false },
);
export type WithdrawFreezeBody = Static<typeof WithdrawFreezeBody>;

/* ----- The back office: the review queue, decisions (four eyes above a threshold), fee settings ----- */

export const AdminWithdrawalQuery = Type.Object(
  {
    ...AdminPage,
    state: Type.Optional(
      Type.Enum(WITHDRAWAL_STATES, {
        description: 'default `processing`: waiting for review, oldest first; others newest first',
      }),
    ),
    uid: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type AdminWithdrawalQuery = Static<typeof AdminWithdrawalQuery>;

export const AdminWithdrawal = Type.Object({
  ...Withdrawal.properties,
  /** The internal id the decide route takes. */
  internalId: Type.Integer(),
  uid: Type.String(),
  review: Type.Enum(WITHDRAW_REVIEWS),
  riskFlags: Type.Array(Type.Enum(WITHDRAW_RISK_FLAGS)),
  /** The amount's value in USDT at confirm time (what the review thresholds compare). */
  valueUsdt: Coin,
  /** Operators who approved so far (e-mails), and how many approvals it needs. */
  approvedBy: Type.Array(Type.String()),
  approvalsNeeded: Type.Integer(),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminWithdrawal = Static<typeof AdminWithdrawal>;
export const AdminWithdrawalResponse = Envelope(AdminWithdrawal);
export const AdminWithdrawalList = Type.Object({ items: Type.Array(AdminWithdrawal), ...AdminPageInfo });
export type AdminWithdrawalList = Static<typeof AdminWithdrawalList>;
export const AdminWithdrawalListResponse = Envelope(AdminWithdrawalList);

export const WithdrawDecideBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('WITHDRAWAL_NOT_FOUND') }),
    approve: Type.Boolean(),
    reason: Type.Optional(Type.Enum(WITHDRAW_REJECT_REASONS, { description: 'required when rejecting' })),
    note: Type.Optional(
      Type.String({ maxLength: WITHDRAW_NOTE_MAX, description: 'shown to the user with the reason' }),
    ),
  },
  { additionalProperties: false },
);
export type WithdrawDecideBody = Static<typeof WithdrawDecideBody>;

/** One coin on one chain as operators configure it: fee, limits, on or off. */
export const WithdrawSetting = Type.Object(
  {
    currency: AssetSymbol,
    chainType: ChainId,
    fee: AmountString,
    minAmount: AmountString,
    maxAmount: AmountString,
    dailyLimit: AmountString,
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type WithdrawSetting = Static<typeof WithdrawSetting>;
export const WithdrawSettingRow = Type.Object({
  ...WithdrawSetting.properties,
  /** Whether a signer and a node serve this chain (withdrawals need both, whatever `enabled` says). */
  signer: Type.Boolean(),
  updatedAt: EpochMs,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type WithdrawSettingRow = Static<typeof WithdrawSettingRow>;
export const WithdrawSettingsResponse = Envelope(Type.Array(WithdrawSettingRow));
export const WithdrawSettingResponse = Envelope(WithdrawSettingRow);
