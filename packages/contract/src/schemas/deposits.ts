import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { AmountString, AssetSymbol, Page } from './wallet';

/**
 * On-chain deposits (docs/product.md §2 "Recharge", §3 "Deposit address" and "Deposit (recharge) record",
 * §4 "Deposit", §7 "Addresses and deposits"; docs/deposits.md).
 *
 * A chain family is what one deposit address serves: every coin on an EVM chain shares the user's
 * EVM address, TRON has its own, Bitcoin its own.
 */
export const DEPOSIT_FAMILIES = ['evm', 'tron', 'btc'] as const;
export type DepositFamily = (typeof DEPOSIT_FAMILIES)[number];

/** The chains deposits arrive on: `chain` in requests and answers. */
export const DEPOSIT_CHAIN_IDS = ['ethereum', 'tron', 'bitcoin'] as const;
export type DepositChainId = (typeof DEPOSIT_CHAIN_IDS)[number];

export interface DepositChainDef {
  id: DepositChainId;
  /** The network's name, as wallets show it. */
  name: string;
  /** The token standard or network label a user picks by ("ERC20", "TRC20", "BTC"). */
  protocol: string;
  family: DepositFamily;
}

export const DEPOSIT_CHAINS: Readonly<Record<DepositChainId, DepositChainDef>> = {
  ethereum: { id: 'ethereum', name: 'Ethereum', protocol: 'ERC20', family: 'evm' },
  tron: { id: 'tron', name: 'TRON', protocol: 'TRC20', family: 'tron' },
  bitcoin: { id: 'bitcoin', name: 'Bitcoin', protocol: 'BTC', family: 'btc' },
};

/**
 * Whether a coin can be deposited on a chain now:
 * - `available`: yes;
 * - `disabled`: switched off in configuration (`DEPOSIT_<COIN>_<CHAIN>_ENABLED=false`);
 * - `not_configured`: no key to derive addresses from (PostgreSQL without `DEPOSIT_XPUB_*`).
 */
export const DEPOSIT_ROUTE_STATES = ['available', 'disabled', 'not_configured'] as const;
export type DepositRouteState = (typeof DEPOSIT_ROUTE_STATES)[number];

/** docs/product.md §3 channel: on chain ("terminal") or credited by an operator ("back stage"). */
export const DEPOSIT_CHANNELS = ['terminal', 'back_stage'] as const;
/** docs/product.md §4: in progress, then success or fail. */
export const DEPOSIT_STATUSES = ['in_progress', 'success', 'fail'] as const;
/** Why an on-chain deposit failed. */
export const DEPOSIT_FAIL_REASONS = ['below_minimum', 'dropped'] as const;
export type DepositFailReason = (typeof DEPOSIT_FAIL_REASONS)[number];

/** Labelled addresses one user may keep in the address book (all coins and chains together). */
export const ADDRESS_BOOK_MAX = 50;
export const ADDRESS_LABEL_MAX = 40;
/** Deposit notices (`userrechange/insert`) one user may give in 24 hours; more answer TOO_MANY_REQUESTS. */
export const DEPOSIT_NOTICES_PER_DAY = 20;
export const CHAIN_ADDRESS_MAX = 100;

export const ChainId = Type.Enum(DEPOSIT_CHAIN_IDS, withError('DEPOSIT_CHAIN_UNKNOWN'));
const Money = Type.String({ description: 'decimal string in the coin, e.g. "20.000000"' });

export const DepositRoute = Type.Object({
  chain: Type.Enum(DEPOSIT_CHAIN_IDS),
  chainName: Type.String(),
  protocol: Type.String({ description: 'the label a user picks the chain by: ERC20, TRC20, BTC' }),
  family: Type.Enum(DEPOSIT_FAMILIES),
  token: Type.Union([Type.String(), Type.Null()], {
    description: "the token contract (EIP-55 hex on EVM, T… on TRON), or null for the chain's own coin",
  }),
  decimals: Type.Integer({ description: 'decimals of the coin on this chain (of its minor unit)' }),
  minDeposit: Money,
  confirmations: Type.Integer({ description: "blocks on top of the deposit's block before it is credited" }),
  enabled: Type.Boolean(),
  state: Type.Enum(DEPOSIT_ROUTE_STATES),
  devChain: Type.Boolean({
    description:
      "the route's chain is this server's development chain (test coins, not real money; `userrechange/dev-chain-send` sends some)",
  }),
});
export type DepositRoute = Static<typeof DepositRoute>;

export const RechargeType = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  /** Every chain the coin is catalogued on; empty for a coin with no chain yet. */
  chains: Type.Array(DepositRoute),
  available: Type.Boolean({ description: 'at least one chain is `available`' }),
});
export type RechargeType = Static<typeof RechargeType>;

export const RechargeTypesQuery = Type.Object({ symbol: Type.Optional(AssetSymbol) }, { additionalProperties: false });
export const RechargeTypesResponse = Envelope(Type.Array(RechargeType));

export const ChainTypesQuery = Type.Object({ symbol: AssetSymbol }, { additionalProperties: false });
export const ChainTypesResponse = Envelope(Type.Object({ symbol: Type.String(), chains: Type.Array(DepositRoute) }));

export const RechargeCoinQuery = Type.Object({}, { additionalProperties: false });
export const RechargeCoinResponse = Envelope(
  Type.Array(RechargeType, { description: 'the coins that can be deposited now, each with only its available chains' }),
);

export const DepositAddress = Type.Object({
  symbol: Type.String(),
  chain: Type.Enum(DEPOSIT_CHAIN_IDS),
  chainName: Type.String(),
  protocol: Type.String(),
  address: Type.String({ description: 'EIP-55 hex on EVM chains, base58check T… on TRON, bech32 bc1q… on Bitcoin' }),
  qrText: Type.String({
    description:
      "what the QR code encodes: the address in the chain's URI scheme where one exists (EIP-681 ethereum:, BIP-21 bitcoin:), else the address",
  }),
  token: Type.Union([Type.String(), Type.Null()]),
  minDeposit: Money,
  confirmations: Type.Integer(),
});
export type DepositAddress = Static<typeof DepositAddress>;

export const DepositAddressQuery = Type.Object(
  {
    symbol: AssetSymbol,
    chain: Type.Optional(ChainId),
  },
  { additionalProperties: false, description: "without `chain`, the coin's first available chain" },
);
export const DepositAddressResponse = Envelope(DepositAddress);

export const SavedAddress = Type.Object({
  id: PublicId,
  symbol: Type.String(),
  chain: Type.Enum(DEPOSIT_CHAIN_IDS),
  address: Type.String(),
  label: Type.String(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type SavedAddress = Static<typeof SavedAddress>;
export const SavedAddressResponse = Envelope(SavedAddress);

export const GetAddressesQuery = Type.Object({ symbol: AssetSymbol }, { additionalProperties: false });
export const GetAddressesResponse = Envelope(
  Type.Object({
    symbol: Type.String(),
    /** The user's deposit address on each available chain of the coin. */
    deposit: Type.Array(DepositAddress),
    /** The user's labelled addresses for this coin (the address book), newest first. */
    saved: Type.Array(SavedAddress),
  }),
);
export type GetAddresses = Static<typeof GetAddressesResponse>['data'];

/** An address as a user types it; checked against its chain's format by the server. */
export const ChainAddress = Type.String({
  minLength: 1,
  maxLength: CHAIN_ADDRESS_MAX,
  pattern: '^[A-Za-z0-9]+$',
  ...withError('ADDRESS_INVALID'),
});
const Label = Type.String({
  minLength: 1,
  maxLength: ADDRESS_LABEL_MAX,
  description: 'spaces at the ends are dropped',
});
const SavedAddressId = PublicIdParam('ADDRESS_NOT_FOUND');

export const CreateAddressBody = Type.Object(
  {
    symbol: AssetSymbol,
    chain: ChainId,
    address: ChainAddress,
    label: Label,
  },
  { additionalProperties: false },
);
export type CreateAddressBody = Static<typeof CreateAddressBody>;

export const UpdateAddressBody = Type.Object(
  {
    id: SavedAddressId,
    address: Type.Optional(ChainAddress),
    label: Type.Optional(Label),
  },
  { additionalProperties: false, description: 'changes the address, the label or both' },
);
export type UpdateAddressBody = Static<typeof UpdateAddressBody>;

export const DeleteAddressBody = Type.Object({ id: SavedAddressId }, { additionalProperties: false });

/** A transaction hash: 64 hex digits, with 0x on EVM chains (either form is accepted). */
const TxHash = Type.String({
  minLength: 64,
  maxLength: 66,
  pattern: '^(0x)?[0-9a-fA-F]{64}$',
  ...withError('TX_HASH_INVALID'),
});

export const DepositNoticeBody = Type.Object(
  {
    symbol: AssetSymbol,
    chain: ChainId,
    txHash: TxHash,
    amount: Type.Optional(AmountString),
  },
  {
    additionalProperties: false,
    description: 'the user says they sent a deposit in this transaction; nothing is credited by it',
  },
);
export type DepositNoticeBody = Static<typeof DepositNoticeBody>;

export const DepositNotice = Type.Object({
  id: PublicId,
  symbol: Type.String(),
  chain: Type.Enum(DEPOSIT_CHAIN_IDS),
  txHash: Type.String({ description: 'lower-case hex; 0x-prefixed on EVM chains' }),
  amount: Type.Union([Money, Type.Null()]),
  createdAt: EpochMs,
});
export type DepositNotice = Static<typeof DepositNotice>;
export const DepositNoticeResponse = Envelope(DepositNotice);

export const RechargeListQuery = Type.Object(
  {
    ...Page.properties,
    symbol: Type.Optional(AssetSymbol),
  },
  { additionalProperties: false },
);

/** A deposit record (docs/product.md §3). */
export const RechargeRecord = Type.Object({
  number: PublicId,
  symbol: Type.String(),
  chain: Type.Union([Type.Enum(DEPOSIT_CHAIN_IDS), Type.Null()], { description: 'null for a back-stage deposit' }),
  amount: Money,
  quantity: Type.String({
    description: 'what was credited to the currency account: the amount once successful, else "0"',
  }),
  channel: Type.Enum(DEPOSIT_CHANNELS),
  status: Type.Enum(DEPOSIT_STATUSES),
  from: Type.Union([Type.String(), Type.Null()]),
  fromLabel: Type.Union([Type.String(), Type.Null()], {
    description: "the label of `from` in the user's address book, if saved there",
  }),
  to: Type.Union([Type.String(), Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
  /** On chain: the blocks counted so far (its own block is the first), up to `confirmationsRequired`; null for a back-stage deposit or a failed one. */
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  confirmationsRequired: Type.Union([Type.Integer(), Type.Null()]),
  /** Why it failed: below the minimum deposit (recorded, not credited), or a re-org removed it from the chain before it was credited. */
  failReason: Type.Union([Type.Enum(DEPOSIT_FAIL_REASONS), Type.Null()]),
  time: EpochMs,
  completedAt: NullableEpochMs,
});
export type RechargeRecord = Static<typeof RechargeRecord>;
export const RechargeListResponse = Envelope(
  Type.Object({
    items: Type.Array(RechargeRecord),
    page: Type.Integer(),
    size: Type.Integer(),
    total: Type.Integer(),
  }),
);
export type RechargeList = Static<typeof RechargeListResponse>['data'];

/**
 * The development chain (docs/deposits.md "The development chain"): the coins it can send to the
 * user's own deposit address, at most this much at a time; the web's button sends `gift`.
 */
export const DEV_CHAIN_COINS = {
  USDT: { min: '1', max: '10000', gift: '100' },
  ETH: { min: '0.001', max: '10', gift: '1' },
} as const;
export type DevChainCoin = keyof typeof DEV_CHAIN_COINS;
/** Sends of test coins one address may ask for in a minute; more answer TOO_MANY_REQUESTS. */
export const DEV_CHAIN_SENDS_PER_MINUTE = 10;

export const DevChainSendBody = Type.Object(
  {
    symbol: Type.Enum(Object.keys(DEV_CHAIN_COINS) as DevChainCoin[], withError('DEPOSIT_CHAIN_UNKNOWN')),
    amount: AmountString,
  },
  {
    additionalProperties: false,
    description: "test coins of the development chain to the user's own deposit address on it (Ethereum)",
  },
);
export type DevChainSendBody = Static<typeof DevChainSendBody>;

export const DevChainSent = Type.Object({
  symbol: Type.String(),
  chain: Type.Enum(DEPOSIT_CHAIN_IDS),
  /** The user's deposit address the coins went to. */
  address: Type.String(),
  amount: Money,
  txHash: Type.String({ description: 'the transfer, mined; the deposit is credited once it has its confirmations' }),
  blockNumber: Type.Integer(),
});
export type DevChainSent = Static<typeof DevChainSent>;
export const DevChainSentResponse = Envelope(DevChainSent);
