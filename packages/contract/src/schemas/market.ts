import { Type, type Static } from 'typebox';
import {
  CANDLE_INTERVALS,
  DEPTH_MAX_LEVELS,
  KLINE_MAX_LIMIT,
  MARKETS,
  SEARCH_MAX_RESULTS,
  SESSION_IDS,
  TICKER_TYPES,
  TRADES_MAX,
  type CandleInterval,
  type Market,
} from '../instruments';
import { CalendarDate, Envelope, EpochMs, epochMs, NullableEpochMs, withError } from './common';

/**
 * Market data (docs/product.md §7 "Market and contracts", "Favourites", "Sockets"). Prices and amounts are
 * decimal strings with the instrument's decimals; times, like every time of the API, are UTC epoch
 * milliseconds (`EpochMs`, docs/architecture.md "Conventions of the API").
 */

/** A decimal string: a price or an amount. */
const Decimal = Type.String({ description: 'decimal string with the instrument\'s decimals, e.g. "95012.37"' });
const NullableDecimal = Type.Union([Decimal, Type.Null()]);

export const MarketSchema = Type.Enum(MARKETS, withError('MARKET_TYPE_UNKNOWN'));
export const TickerTypeSchema = Type.Enum(TICKER_TYPES, withError('MARKET_TYPE_UNKNOWN'));
export const IntervalSchema = Type.Enum(CANDLE_INTERVALS, withError('INTERVAL_INVALID'));
/** Letters and digits; matched case-insensitively against the catalogue. */
export const SymbolParam = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9]+$',
  ...withError('SYMBOL_UNKNOWN'),
});

export const InstrumentInfo = Type.Object({
  symbol: Type.String(),
  displaySymbol: Type.String({
    description: 'docs/product.md §9: crypto without a trailing USDT, stocks without a trailing USD',
  }),
  market: MarketSchema,
  base: Type.String(),
  quote: Type.String(),
  name: Type.String(),
  priceDecimals: Type.Integer({
    description:
      "the instrument's tick precision: its prices have exactly these decimals and move in ticks of 10^-priceDecimals (docs/decisions/0140-prices-in-ticks-not-display-decimals.md)",
  }),
  amountDecimals: Type.Integer(),
  session: Type.Enum(SESSION_IDS),
  icon: Type.String({ description: 'path of the base coin icon (crypto), empty otherwise' }),
});
export type InstrumentInfo = Static<typeof InstrumentInfo>;

export const Ticker = Type.Object({
  symbol: Type.String(),
  displaySymbol: Type.String(),
  market: MarketSchema,
  name: Type.String(),
  priceDecimals: Type.Integer({
    description:
      "the instrument's tick precision: its prices have exactly these decimals and move in ticks of 10^-priceDecimals (docs/decisions/0140-prices-in-ticks-not-display-decimals.md)",
  }),
  /** Last price; null before the first tick. */
  price: NullableDecimal,
  bid: NullableDecimal,
  ask: NullableDecimal,
  /** Rolling 24 hours, from 1-minute candles plus the live minute. */
  open24h: NullableDecimal,
  high24h: NullableDecimal,
  low24h: NullableDecimal,
  volume24h: Decimal,
  quoteVolume24h: Decimal,
  change24h: NullableDecimal,
  /** Percent with 2 decimals, truncated (docs/product.md §9), e.g. "-1.25". */
  changePercent24h: NullableDecimal,
  /** Time of the last tick. */
  time: NullableEpochMs,
  /** The instrument's session is open now. */
  open: Type.Boolean(),
  /** The feed has been silent too long (real feeds only): the price may be old. */
  stale: Type.Boolean(),
  complete24h: Type.Boolean({
    description:
      "The 24 h figures (open, high, low, volume, change) cover the whole 24 hours (a market closed all day has whole, empty figures). False while a first start's history is still being stored in the background, or while the instrument has less than 24 hours of data: the figures then hold only what is known and are shown as loading.",
  }),
});
export type Ticker = Static<typeof Ticker>;
export const TickerListResponse = Envelope(Type.Array(Ticker));

export const MarketGroup = Type.Object({ market: MarketSchema, name: Type.String(), tickers: Type.Array(Ticker) });
export const InitForestDataResponse = Envelope(
  Type.Object({
    serverTime: EpochMs,
    markets: Type.Array(MarketGroup),
  }),
);
export type InitForestData = Static<typeof InitForestDataResponse>['data'];

export const MarketPriceQuery = Type.Object({ symbol: Type.Optional(SymbolParam) }, { additionalProperties: false });
export const TypeQuery = Type.Object({ type: TickerTypeSchema }, { additionalProperties: false });
export const TickerListQuery = Type.Object(
  {
    type: Type.Optional(TickerTypeSchema),
    /** "Rise and Drop Ranking": sort by 24 h change. */
    sort: Type.Optional(Type.Enum(['symbol', 'change', 'volume'])),
    order: Type.Optional(Type.Enum(['asc', 'desc'])),
  },
  { additionalProperties: false },
);

export const InstrumentListResponse = Envelope(Type.Array(InstrumentInfo));

/** One price level: [price, amount]. */
export const DepthLevel = Type.Tuple([Decimal, Decimal]);
export const Depth = Type.Object({
  symbol: Type.String(),
  bids: Type.Array(DepthLevel, { description: 'best (highest) first' }),
  asks: Type.Array(DepthLevel, { description: 'best (lowest) first' }),
  time: NullableEpochMs,
});
export type Depth = Static<typeof Depth>;
export const DepthQuery = Type.Object(
  {
    symbol: SymbolParam,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DEPTH_MAX_LEVELS })),
  },
  { additionalProperties: false },
);
export const DepthResponse = Envelope(Depth);

export const TRADE_SIDES = ['buy', 'sell'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/**
 * One trade of the feed (docs/market-data.md "Recent trades"). `side` is the taker's: a real feed
 * says it; the simulator's follows the tick rule (an uptick buys, a downtick sells, an unchanged
 * price keeps the previous side).
 */
export const Trade = Type.Object({
  id: Type.Integer({
    minimum: 1,
    description: 'per symbol, increasing with each trade (starts again at 1 when the server restarts)',
  }),
  price: Decimal,
  amount: Type.String({ description: 'decimal string with the instrument\'s amount decimals, e.g. "0.01250"' }),
  side: Type.Enum(TRADE_SIDES),
  time: EpochMs,
});
export type Trade = Static<typeof Trade>;
export const RecentTrades = Type.Object({
  symbol: Type.String(),
  trades: Type.Array(Trade, { description: 'newest first' }),
});
export type RecentTrades = Static<typeof RecentTrades>;
export const TradesQuery = Type.Object(
  {
    symbol: SymbolParam,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TRADES_MAX, description: `default ${TRADES_MAX}` })),
  },
  { additionalProperties: false },
);
export const TradesResponse = Envelope(RecentTrades);

export const Candle = Type.Object({
  openTime: EpochMs,
  open: Decimal,
  high: Decimal,
  low: Decimal,
  close: Decimal,
  volume: Decimal,
  quoteVolume: Decimal,
  trades: Type.Integer(),
});
export type Candle = Static<typeof Candle>;
export const KlineQuery = Type.Object(
  {
    symbol: SymbolParam,
    interval: IntervalSchema,
    /** Inclusive; candles whose open time is at or after it. */
    from: Type.Optional(epochMs(withError('TIME_RANGE_INVALID'))),
    /** Inclusive; candles whose open time is at or before it. Default: now. */
    to: Type.Optional(epochMs(withError('TIME_RANGE_INVALID'))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: KLINE_MAX_LIMIT, ...withError('TIME_RANGE_INVALID') })),
  },
  { additionalProperties: false },
);
export const KlineResponse = Envelope(
  Type.Object({
    symbol: Type.String(),
    interval: IntervalSchema,
    /** Oldest first; the last one may be the live, unfinished candle. */
    candles: Type.Array(Candle),
  }),
);
export type KlineResult = Static<typeof KlineResponse>['data'];

export const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 20 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_RESULTS })),
  },
  { additionalProperties: false },
);

export const CheckTradingTimeQuery = Type.Object({ symbol: SymbolParam }, { additionalProperties: false });
export const TradingTime = Type.Object({
  symbol: Type.String(),
  open: Type.Boolean(),
  /** Next time the session opens after now; null when always open. */
  nextOpen: NullableEpochMs,
  /** Next time it closes (the end of the current session when open); null when always open. */
  nextClose: NullableEpochMs,
  timeZone: Type.String({ description: 'IANA time zone of the session, e.g. America/New_York' }),
  exchange: Type.String({
    description: 'the exchange whose hours these are, e.g. Xetra, TSE; Forex, CME Globex, Crypto',
  }),
  sessionDate: Type.Union([CalendarDate, Type.Null()], {
    description:
      'exchange-local date (in timeZone) of the session in force, or of the next one when closed; null when always open',
  }),
  sessions: Type.Array(Type.Object({ open: EpochMs, close: EpochMs }), {
    description: 'every session opening on sessionDate (two with a lunch break); empty when always open',
  }),
});
export type TradingTime = Static<typeof TradingTime>;
export const CheckTradingTimeResponse = Envelope(TradingTime);

export const FavoriteBody = Type.Object({ symbol: SymbolParam }, { additionalProperties: false });
export const IsFavoriteResponse = Envelope(Type.Object({ symbol: Type.String(), favorite: Type.Boolean() }));
export const FavoriteListResponse = Envelope(Type.Array(Ticker));

export const BANNER_POSITIONS = ['home', 'quote'] as const;
export const BannerQuery = Type.Object(
  { position: Type.Optional(Type.Enum(BANNER_POSITIONS)) },
  { additionalProperties: false },
);
export const Banner = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: 'in the request language' }),
  image: Type.String({ description: 'path under /banners/' }),
  link: Type.String({ description: 'an app route or an absolute https URL' }),
  memberLink: Type.Optional(
    Type.String({
      description:
        'where the banner leads a logged-in user, when not `link` (a sign-up banner leads members elsewhere)',
    }),
  ),
});
export type Banner = Static<typeof Banner>;
export const BannerListResponse = Envelope(Type.Array(Banner));

// ---------------------------------------------------------------------------------------------
// Websocket (path WS_PATH, query ?id=<client-made unique id>&lang=<lang>).

export const WS_CHANNELS = ['general', 'realtime', 'chart', 'trades', 'openOrders'] as const;
export type WsChannel = (typeof WS_CHANNELS)[number];

/**
 * What a client sends. `currency` is the symbol (docs/product.md §7 names the field so). general: every
 * ticker, or one market's; realtime: one symbol's ticker and depth; chart: one symbol's candles
 * of one interval; trades: one symbol's recent trades; openOrders: the user's own order events
 * (token required). `lastEventId` (openOrders only): the `id` of the last order event the client
 * received; the server first sends the events after it (on any node), or `{ type: 'resync' }`
 * when it no longer holds them (the client reloads its orders).
 */
export const WsClientMessage = Type.Object(
  {
    methodType: Type.Enum(['SUBSCRIBE', 'UNSUBSCRIBE', 'PING']),
    channel: Type.Optional(Type.Enum(WS_CHANNELS)),
    currency: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    market: Type.Optional(Type.Enum(MARKETS)),
    interval: Type.Optional(Type.Enum(CANDLE_INTERVALS)),
    token: Type.Optional(Type.String({ maxLength: 100 })),
    lastEventId: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    /** Echoed in the control reply, so a client can match replies to requests. */
    requestId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type WsClientMessage = Static<typeof WsClientMessage>;

/** A tick as the sockets send it: the ticker without the catalogue fields. */
export interface WsTick {
  symbol: string;
  price: string;
  bid: string;
  ask: string;
  change24h: string | null;
  changePercent24h: string | null;
  high24h: string | null;
  low24h: string | null;
  /** Base-asset amount traded in 24 h. */
  volume24h: string;
  /** The same in the quote currency (price × amount): what the quote list shows and sorts by. */
  quoteVolume24h: string;
  time: EpochMs;
  stale: boolean;
  /** As Ticker's: the 24 h figures cover the whole 24 hours. */
  complete24h: boolean;
}

export interface WsKline extends Candle {
  symbol: string;
  interval: CandleInterval;
  /** False while the candle is still forming. */
  closed: boolean;
}

/**
 * What the server sends. Data messages have `eventType` and `data` and never `msg`; control
 * replies (subscribed, unsubscribed, pong, error, welcome) carry `msg` (docs/product.md §7). Several data
 * messages flushed at once arrive as one `batch` whose data is the list of messages.
 */
export type WsServerMessage =
  | { eventType: 'ticker'; data: WsTick }
  | { eventType: 'depth'; data: Depth }
  | { eventType: 'kline'; data: WsKline }
  /** The symbol's newest trades (at most WS_TRADES_PER_MESSAGE), newest first: merge by `id`. */
  | { eventType: 'trades'; data: RecentTrades }
  /**
   * An order event (OrderEvent), or `{ type: 'resync' }` (reload the orders: events were dropped).
   * `id`: the event's place in the user's feed, increasing; send the last one as `lastEventId`
   * when subscribing again after a reconnect.
   */
  | { eventType: 'orders'; data: unknown; id?: number }
  | { eventType: 'batch'; data: WsServerMessage[] }
  | { eventType: 'welcome'; msg: string; id: string; serverTime: EpochMs; maxSubscriptions: number }
  | {
      eventType: 'subscribed' | 'unsubscribed';
      msg: string;
      channel: WsChannel;
      currency?: string;
      market?: Market;
      interval?: CandleInterval;
      requestId?: string;
    }
  | { eventType: 'pong'; msg: string; serverTime: EpochMs; requestId?: string }
  | { eventType: 'error'; msg: string; code: number; requestId?: string };
