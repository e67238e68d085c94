import { Type, type Static } from 'typebox';
import { TYPE_USERS } from '../constants';
import { LEDGER_KIND_KEYS } from '../ledger-kinds';
import { Envelope, EpochMs, PublicId, withError } from './common';

/** A decimal amount as a string ("12.5"); precision is checked against the asset on the server. */
export const AmountString = Type.String({
  maxLength: 40,
  pattern: '^[0-9]+(\\.[0-9]+)?$',
  ...withError('AMOUNT_INVALID'),
});
/** Money in answers: a decimal string with the asset's full scale. */
const Money = Type.String({ description: 'decimal string, e.g. "12.500000"' });

export const WALLET_NAMES = ['currency', 'option', 'financing'] as const;
export type WalletName = (typeof WALLET_NAMES)[number];
export const WalletSchema = Type.Enum(WALLET_NAMES);
/** A coin's symbol in a request: an unknown one answers ASSET_UNKNOWN. */
export const AssetSymbol = Type.String({
  minLength: 1,
  maxLength: 12,
  pattern: '^[A-Z0-9]+$',
  ...withError('ASSET_UNKNOWN'),
});

export const Page = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
const Paged = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ items: Type.Array(item), page: Type.Integer(), size: Type.Integer(), total: Type.Integer() });

export const AssetInfo = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  scale: Type.Integer({ description: 'decimals of the minor unit the ledger counts in' }),
  amountDecimals: Type.Integer(),
  priceDecimals: Type.Integer({ description: "tick precision of the coin's USDT price (decision 0140)" }),
  icon: Type.String(),
});
export type AssetInfo = Static<typeof AssetInfo>;
export const AssetListResponse = Envelope(Type.Array(AssetInfo));

export const WalletBalance = Type.Object({
  asset: Type.String(),
  available: Money,
  frozen: Money,
});
export type WalletBalance = Static<typeof WalletBalance>;

export const WalletSummary = Type.Object({
  wallet: WalletSchema,
  balances: Type.Array(WalletBalance),
});
export type WalletSummary = Static<typeof WalletSummary>;
export const AccountListResult = Type.Object({ typeUser: Type.Enum(TYPE_USERS), wallets: Type.Array(WalletSummary) });
export type AccountListResult = Static<typeof AccountListResult>;
export const AccountListResponse = Envelope(AccountListResult);

export const AccountSwitchBody = Type.Object({ typeUser: Type.Enum(TYPE_USERS) }, { additionalProperties: false });
export type AccountSwitchBody = Static<typeof AccountSwitchBody>;

export const TransferBody = Type.Object(
  { fromAccount: WalletSchema, toAccount: WalletSchema, asset: AssetSymbol, amount: AmountString },
  { additionalProperties: false },
);
export type TransferBody = Static<typeof TransferBody>;

export const TransferRecord = Type.Object({
  id: PublicId,
  fromAccount: WalletSchema,
  toAccount: WalletSchema,
  asset: Type.String(),
  amount: Money,
  operateTime: EpochMs,
});
export type TransferRecord = Static<typeof TransferRecord>;
export const TransferResponse = Envelope(TransferRecord);
export const TransferLogQuery = Page;
export const TransferLogResponse = Envelope(Paged(TransferRecord));
export type TransferLog = Static<typeof TransferLogResponse>['data'];

export const ValidAssetQuery = Type.Object(
  { wallet: WalletSchema, asset: AssetSymbol },
  { additionalProperties: false },
);
export const ValidAssetResponse = Envelope(WalletBalance);

/** What one business event did to one of the user's wallets, in one coin. */
export const AccountChangeLine = Type.Object({
  wallet: WalletSchema,
  asset: Type.String(),
  amount: Type.String({
    description:
      'signed decimal string: the change of what the user has in this wallet and coin (available + held); "0…" when money was only held or released',
  }),
  held: Type.String({
    description:
      'signed decimal string: the change of the part held for an order, a stake or a withdrawal (positive: held; negative: no longer held)',
  }),
  balanceAfter: Type.String({ description: 'available balance after the event' }),
  heldAfter: Type.String({ description: 'held (frozen) balance after the event' }),
});
export type AccountChangeLine = Static<typeof AccountChangeLine>;

/**
 * One business event of the statement: one ledger transaction (a transfer, an order placed, a
 * fill, a cancellation, a settled contract, ...), with a line per wallet and coin it touched.
 * Money moved between a wallet's available and held parts is one line with `held` set, never a
 * plus and a minus (docs/ledger.md "Statement").
 */
export const AccountChange = Type.Object({
  id: Type.String({ description: 'an opaque id of the event (not a sequence number)' }),
  kind: Type.Enum(LEDGER_KIND_KEYS, { description: 'what moved it: a ledger transaction kind (docs/ledger.md)' }),
  kindName: Type.String({ description: "the kind's name in the request's language" }),
  reference: Type.Union([Type.String(), Type.Null()], {
    description:
      'the business object it belongs to, by public id (`contract:<id>`, `spot_order:<id>`, `transfer:<id>`, `otc_quote:<id>`), or null when it has none the user can see',
  }),
  time: EpochMs,
  lines: Type.Array(AccountChangeLine),
});
export type AccountChange = Static<typeof AccountChange>;
export const AccountChangeQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    wallet: Type.Optional(WalletSchema),
    asset: Type.Optional(AssetSymbol),
  },
  { additionalProperties: false },
);
export const AccountChangeResponse = Envelope(Paged(AccountChange));
export type AccountChangeList = Static<typeof AccountChangeResponse>['data'];
