/**
 * The instruments catalogue (docs/product.md §1 market keys, §9 decimals; docs/market-data.md).
 *
 * One entry per quoted symbol. Prices are exact: an instrument's price is an integer count of
 * 10^-priceDecimals ("price units", one tick), written as a decimal string in JSON. priceDecimals is
 * the instrument's tick precision (decision 0140), never a display rule: quotes, fills, settlements,
 * stored ticks and candles all use it. Stored prices are kept in its units, so making an instrument's
 * tick finer needs a data migration that scales what is stored (apps/server/migrations).
 */
import { amountDecimalsOf, priceDecimalsOf } from './assets';

export const MARKETS = ['FOREX', 'CFD', 'CRYPTO', 'INDIES', 'STOCK'] as const;
export type Market = (typeof MARKETS)[number];

/**
 * Ticker types of docs/product.md §3: the five markets, plus SPOT (crypto against USDT, what spot and OTC
 * trade) and CONTRACT (everything a seconds contract can be opened on: every instrument).
 */
export const TICKER_TYPES = [...MARKETS, 'SPOT', 'CONTRACT'] as const;
export type TickerType = (typeof TICKER_TYPES)[number];

/**
 * Trading sessions (the server's modules/market/sessions.ts has their hours and holidays): an
 * index or a stock trades on its home exchange's hours, in that exchange's time zone, with its
 * holidays (nyse, nasdaq: New York; xetra, eurex: Frankfurt; lse: London; euronext: Paris;
 * tse: Tokyo; hkex: Hong Kong); forex: Sunday 17:00 to Friday 17:00 New York; cfd: near-24h
 * futures hours with a daily break; crypto: always open.
 */
export const SESSION_IDS = [
  'nyse',
  'nasdaq',
  'xetra',
  'eurex',
  'lse',
  'euronext',
  'tse',
  'hkex',
  'forex',
  'cfd',
  'crypto',
] as const;
export type SessionId = (typeof SESSION_IDS)[number];

export const MARKET_NAMES: Record<Market, string> = {
  FOREX: 'Forex',
  CFD: 'CFD',
  CRYPTO: 'Crypto',
  INDIES: 'Indices',
  STOCK: 'Stocks',
};

export interface Instrument {
  /** Unique, upper case: EURUSD, XAUUSD, BTCUSDT, US30, AAPLUSD. */
  symbol: string;
  market: Market;
  base: string;
  quote: string;
  /** English display name. */
  name: string;
  /** What the app shows: docs/product.md §9 drops a trailing USDT (crypto) and USD (stocks). */
  displaySymbol: string;
  /**
   * Tick precision: prices are integers of 10^-priceDecimals when quoted, stored and traded. Crypto: at
   * least as fine as the exchange's tick (EXCHANGE_TICK_SIZES) and as docs/product.md §9's display decimals.
   */
  priceDecimals: number;
  amountDecimals: number;
  /** Where the simulator starts on a new installation; a decimal string with priceDecimals. */
  referencePrice: string;
  /** Bid–ask spread in basis points of the price (the half-spread is at least one tick). */
  spreadBps: number;
  session: SessionId;
}

/** docs/product.md §9: the crypto symbol shown drops a trailing USDT; stocks drop a trailing USD. */
export function displaySymbolOf(symbol: string, market: Market): string {
  if (market === 'CRYPTO' && symbol.endsWith('USDT') && symbol.length > 4) return symbol.slice(0, -4);
  if (market === 'STOCK' && symbol.endsWith('USD') && symbol.length > 3) return symbol.slice(0, -3);
  return symbol;
}

/** The optional last field puts one row on another session than its group's. */
type Row = [
  symbol: string,
  base: string,
  quote: string,
  name: string,
  referencePrice: string,
  spreadBps: number,
  session?: SessionId,
];

function group(
  market: Market,
  session: SessionId,
  decimals: (r: Row) => [price: number, amount: number],
  rows: Row[],
): Instrument[] {
  return rows.map((r) => {
    const [symbol, base, quote, name, referencePrice, spreadBps, rowSession] = r;
    const [priceDecimals, amountDecimals] = decimals(r);
    const frac = referencePrice.split('.')[1] ?? '';
    // A reference price with other decimals than the instrument is a catalogue typo: fail at load.
    if (frac.length !== priceDecimals)
      throw new Error(`${symbol}: reference price ${referencePrice} needs ${priceDecimals} decimals`);
    return {
      symbol,
      market,
      base,
      quote,
      name,
      displaySymbol: displaySymbolOf(symbol, market),
      priceDecimals,
      amountDecimals,
      referencePrice,
      spreadBps,
      session: rowSession ?? session,
    };
  });
}

/** Forex: 5 decimals (a pipette), 3 for yen pairs; amounts in units of the base currency (not lots) to 0.01. */
const forexDecimals = (r: Row): [number, number] => [r[2] === 'JPY' ? 3 : 5, 2];
/** Per-row price decimals for CFDs, indices and stocks (reference price tells them), amounts to 0.01. */
const fromReference = (r: Row): [number, number] => [(r[4].split('.')[1] ?? '').length, 2];
/** Crypto: the tick precision of priceDecimalsOf (exchange tick, never coarser than docs/product.md §9), §9's amount decimals. */
const cryptoDecimals = (r: Row): [number, number] => [priceDecimalsOf(r[1]), amountDecimalsOf(r[1])];

export const INSTRUMENTS: readonly Instrument[] = [
  ...group('FOREX', 'forex', forexDecimals, [
    ['EURUSD', 'EUR', 'USD', 'Euro / US Dollar', '1.16000', 0.7],
    ['GBPUSD', 'GBP', 'USD', 'British Pound / US Dollar', '1.31000', 0.9],
    ['USDJPY', 'USD', 'JPY', 'US Dollar / Japanese Yen', '155.000', 0.7],
    ['AUDUSD', 'AUD', 'USD', 'Australian Dollar / US Dollar', '0.65000', 1.2],
    ['USDCAD', 'USD', 'CAD', 'US Dollar / Canadian Dollar', '1.40000', 1.0],
    ['USDCHF', 'USD', 'CHF', 'US Dollar / Swiss Franc', '0.80000', 1.2],
    ['NZDUSD', 'NZD', 'USD', 'New Zealand Dollar / US Dollar', '0.57000', 1.6],
    ['EURGBP', 'EUR', 'GBP', 'Euro / British Pound', '0.88000', 1.2],
    ['EURJPY', 'EUR', 'JPY', 'Euro / Japanese Yen', '180.000', 1.1],
    ['GBPJPY', 'GBP', 'JPY', 'British Pound / Japanese Yen', '203.000', 1.6],
    ['EURCHF', 'EUR', 'CHF', 'Euro / Swiss Franc', '0.93000', 1.4],
    ['AUDJPY', 'AUD', 'JPY', 'Australian Dollar / Japanese Yen', '101.000', 1.6],
  ]),
  ...group('CFD', 'cfd', fromReference, [
    ['XAUUSD', 'XAU', 'USD', 'Gold', '4000.00', 0.8],
    ['XAGUSD', 'XAG', 'USD', 'Silver', '50.000', 3],
    ['XPTUSD', 'XPT', 'USD', 'Platinum', '1550.00', 5],
    ['USOIL', 'WTI', 'USD', 'Crude Oil WTI', '60.00', 5],
    ['UKOIL', 'BRENT', 'USD', 'Crude Oil Brent', '64.00', 5],
    ['NGAS', 'NG', 'USD', 'Natural Gas', '4.500', 10],
    ['COPPER', 'HG', 'USD', 'Copper', '5.0000', 6],
  ]),
  ...group('CRYPTO', 'crypto', cryptoDecimals, [
    ['BTCUSDT', 'BTC', 'USDT', 'Bitcoin', '95000.00', 1],
    ['ETHUSDT', 'ETH', 'USDT', 'Ethereum', '3100.00', 1],
    ['XRPUSDT', 'XRP', 'USDT', 'XRP', '2.2000', 2],
    ['BCHUSDT', 'BCH', 'USDT', 'Bitcoin Cash', '520.00', 2],
    ['LTCUSDT', 'LTC', 'USDT', 'Litecoin', '90.00', 2],
    ['SOLUSDT', 'SOL', 'USDT', 'Solana', '140.00', 2],
    ['DOGEUSDT', 'DOGE', 'USDT', 'Dogecoin', '0.16000', 3],
    ['TRXUSDT', 'TRX', 'USDT', 'TRON', '0.29000', 3],
    ['DOTUSDT', 'DOT', 'USDT', 'Polkadot', '2.800', 4],
    ['AVAXUSDT', 'AVAX', 'USDT', 'Avalanche', '14.00', 4],
    ['UNIUSDT', 'UNI', 'USDT', 'Uniswap', '7.000', 4],
    ['EOSUSDT', 'EOS', 'USDT', 'EOS', '0.5000', 5],
    ['SUSHIUSDT', 'SUSHI', 'USDT', 'SushiSwap', '0.4500', 5],
    ['OMGUSDT', 'OMG', 'USDT', 'OMG Network', '0.1500', 5],
    ['CRVUSDT', 'CRV', 'USDT', 'Curve DAO', '0.4500', 5],
    ['ZRXUSDT', 'ZRX', 'USDT', '0x Protocol', '0.2000', 5],
    ['GASUSDT', 'GAS', 'USDT', 'Gas', '2.500', 5],
    ['SANDUSDT', 'SAND', 'USDT', 'The Sandbox', '0.1800', 5],
    // Wallet coins of docs/product.md §3 outside the §9 tables (price 10, amount 5 decimals): OTC and valuations need their prices.
    ['USDCUSDT', 'USDC', 'USDT', 'USD Coin', '1.0000000000', 1],
    ['HTUSDT', 'HT', 'USDT', 'Huobi Token', '0.4000000000', 10],
    ['BTMUSDT', 'BTM', 'USDT', 'Bytom', '0.0030000000', 10],
  ]),
  // Each index on its home exchange's cash session (the hours its constituents trade).
  ...group('INDIES', 'nyse', fromReference, [
    ['US30', 'US30', 'USD', 'Dow Jones 30', '47000.0', 0.5],
    ['SPX500', 'SPX500', 'USD', 'S&P 500', '6700.00', 0.5],
    ['NAS100', 'NAS100', 'USD', 'Nasdaq 100', '24500.00', 0.5, 'nasdaq'],
    ['US2000', 'US2000', 'USD', 'Russell 2000', '2450.00', 1],
    ['GER40', 'GER40', 'EUR', 'Germany 40', '24000.0', 0.6, 'xetra'],
    ['UK100', 'UK100', 'GBP', 'UK 100', '9700.0', 1, 'lse'],
    ['FRA40', 'FRA40', 'EUR', 'France 40', '8100.0', 1, 'euronext'],
    ['EU50', 'EU50', 'EUR', 'Euro Stoxx 50', '5700.0', 1, 'eurex'],
    ['JPN225', 'JPN225', 'JPY', 'Japan 225', '50000', 1, 'tse'],
    ['HK50', 'HK50', 'HKD', 'Hong Kong 50', '26000', 2, 'hkex'],
  ]),
  // Stocks on their listing exchange: Nasdaq unless marked NYSE.
  ...group('STOCK', 'nasdaq', fromReference, [
    ['AAPLUSD', 'AAPL', 'USD', 'Apple', '270.00', 2],
    ['MSFTUSD', 'MSFT', 'USD', 'Microsoft', '510.00', 2],
    ['NVDAUSD', 'NVDA', 'USD', 'NVIDIA', '190.00', 2],
    ['AMZNUSD', 'AMZN', 'USD', 'Amazon', '230.00', 2],
    ['GOOGLUSD', 'GOOGL', 'USD', 'Alphabet', '280.00', 2],
    ['TSLAUSD', 'TSLA', 'USD', 'Tesla', '430.00', 3],
    ['METAUSD', 'META', 'USD', 'Meta Platforms', '600.00', 2],
    ['NFLXUSD', 'NFLX', 'USD', 'Netflix', '110.00', 3],
    ['AMDUSD', 'AMD', 'USD', 'Advanced Micro Devices', '240.00', 3],
    ['JPMUSD', 'JPM', 'USD', 'JPMorgan Chase', '300.00', 2, 'nyse'],
    ['VUSD', 'V', 'USD', 'Visa', '330.00', 2, 'nyse'],
    ['KOUSD', 'KO', 'USD', 'Coca-Cola', '70.00', 2, 'nyse'],
  ]),
];

const BY_SYMBOL = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));

export function instrumentOf(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol);
}

export const INSTRUMENT_SYMBOLS = INSTRUMENTS.map((i) => i.symbol);

/** The instruments a ticker type covers (see TICKER_TYPES). */
export function instrumentsOfType(type: TickerType): Instrument[] {
  if (type === 'CONTRACT') return [...INSTRUMENTS];
  const market: Market = type === 'SPOT' ? 'CRYPTO' : type;
  return INSTRUMENTS.filter((i) => i.market === market);
}

/** Candle intervals with their length; 1w starts on Monday 00:00 UTC, the rest on UTC multiples. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};
/** 1970-01-05 was a Monday: weeks are counted from there. */
const WEEK_ORIGIN_MS = 4 * 86_400_000;

/** Start of the candle of `interval` holding `timeMs` (UTC boundaries, Monday weeks). */
export function candleOpenTime(interval: CandleInterval, timeMs: number): number {
  const len = INTERVAL_MS[interval];
  const origin = interval === '1w' ? WEEK_ORIGIN_MS : 0;
  return Math.floor((timeMs - origin) / len) * len + origin;
}

/** Bounds of the candle-history endpoint (CONVENTIONS habit 8). */
export const KLINE_MAX_LIMIT = 1000;
export const KLINE_DEFAULT_LIMIT = 300;
export const SEARCH_MAX_RESULTS = 50;
export const FAVORITES_MAX = 200;
export const DEPTH_MAX_LEVELS = 50;
export const DEPTH_DEFAULT_LEVELS = 20;
/** Recent trades kept per symbol: what `GET api/market/trades` can answer (its default and maximum). */
export const TRADES_MAX = 50;
/** Trades in one `trades` websocket message: the newest of the symbol, newest first. */
export const WS_TRADES_PER_MESSAGE = 20;

/** Websocket limits (docs/product.md §7 "Sockets"); the client library shares them. */
export const WS_PATH = '/ws';
export const WS_MAX_SUBSCRIPTIONS = 50;
/** A client message larger than this is answered with an error (the connection stays). */
export const WS_MAX_MESSAGE_BYTES = 4096;
/** Client messages per connection per second before the server answers TOO_MANY_REQUESTS. */
export const WS_MAX_MESSAGES_PER_SECOND = 20;
