/**
 * The coins of docs/product.md §3 with their minor-unit scale (the chain's own decimals, so deposits and
 * withdrawals map exactly), the display decimals of docs/product.md §9 (others: price 10, amount 5), and
 * the tick precision their USDT prices are quoted, stored and traded in (decision 0140).
 */
export interface AssetDef {
  symbol: string;
  name: string;
  /** Minor units per coin = 10^scale. Ledger amounts are integers of this unit. */
  scale: number;
  /** Decimals a user may enter and sees for amounts (docs/product.md §9). */
  amountDecimals: number;
  /**
   * Decimals of its price in USDT as quoted, stored and traded: the tick precision of its `<COIN>USDT`
   * instrument, never coarser than the exchange's tick nor than docs/product.md §9's display table
   * (`priceDecimalsOf`, decision 0140).
   */
  priceDecimals: number;
  /**
   * Decimals a balance or amount of it is shown with, truncated (docs/product.md §9). Dollar coins are
   * money: "display rounding up to 2 decimals", to the cent; every other coin its amountDecimals.
   */
  displayDecimals: number;
}

/** Money (USDT and the other dollar coin) is shown to the cent (docs/product.md §9 "display rounding up to 2 decimals"). */
export const MONEY_DISPLAY_DECIMALS = 2;
const DOLLAR_COINS = new Set(['USDT', 'USDC']);

const DEFAULT_PRICE_DECIMALS = 10;
const DEFAULT_AMOUNT_DECIMALS = 5;

/**
 * docs/product.md §9 "Price decimals" (coins quoted against USDT): a display rule, the fewest decimals
 * a price of the coin is shown with. Never the unit a price is quoted or traded in: that is the tick
 * precision (`priceDecimalsOf`, decision 0140).
 */
export const PRICE_DISPLAY_DECIMALS: Record<string, number> = {
  XRP: 4,
  BCH: 1,
  LTC: 2,
  BTC: 2,
  SUSHI: 3,
  EOS: 1,
  UNI: 3,
  DOT: 2,
  ETH: 2,
  TRX: 5,
  DOGE: 5,
  OMG: 3,
  CRV: 4,
  ZRX: 4,
  GAS: 3,
  SOL: 2,
  AVAX: 2,
  SAND: 4,
};
/**
 * The step a `<COIN>USDT` price moves in on the exchange: Binance spot's PRICE_FILTER `tickSize` for
 * the pair (its exchangeInfo), or finer where the exchange has changed it over time (BCH: 0.01, not
 * 0.1). A live feed checks these against the exchange's own rules when it starts (docs/market-data.md
 * "Binance"), so a tick the exchange makes finer later shows there.
 * Coins not listed there (HT, BTM) have none: the table's "others" (10 decimals) covers them.
 */
export const EXCHANGE_TICK_SIZES: Record<string, string> = {
  BTC: '0.01',
  ETH: '0.01',
  XRP: '0.0001',
  BCH: '0.01',
  LTC: '0.01',
  SOL: '0.01',
  DOGE: '0.00001',
  TRX: '0.0001',
  DOT: '0.001',
  AVAX: '0.01',
  UNI: '0.001',
  EOS: '0.0001',
  SUSHI: '0.0001',
  OMG: '0.0001',
  CRV: '0.0001',
  ZRX: '0.0001',
  GAS: '0.001',
  SAND: '0.0001',
  USDC: '0.0001',
};

/** Decimals of a tick size written as a decimal string: "0.0001" → 4, "0.10000000" → 1, "1" → 0. */
export function tickDecimals(tickSize: string): number {
  return (tickSize.split('.')[1] ?? '').replace(/0+$/, '').length;
}

export const AMOUNT_DECIMALS: Record<string, number> = {
  XRP: 0,
  BCH: 3,
  LTC: 3,
  BTC: 5,
  SUSHI: 1,
  EOS: 1,
  UNI: 2,
  DOT: 2,
  ETH: 3,
  TRX: 1,
  DOGE: 0,
  OMG: 1,
  CRV: 1,
  ZRX: 0,
  GAS: 1,
  SOL: 2,
  AVAX: 2,
  SAND: 0,
};

/** docs/product.md §9's display decimals of a coin's price (a display minimum, not the price unit). */
export const priceDisplayDecimalsOf = (symbol: string) => PRICE_DISPLAY_DECIMALS[symbol] ?? DEFAULT_PRICE_DECIMALS;
/**
 * The tick precision of a coin's USDT price (decision 0140): the decimals its prices are quoted, stored
 * and traded in. The finer of the exchange's tick and the §9 display decimals, so a price is never
 * rounded to a display rule and a price shown with the table's decimals is always exact.
 */
export const priceDecimalsOf = (symbol: string) => {
  const tick = EXCHANGE_TICK_SIZES[symbol];
  return Math.max(priceDisplayDecimalsOf(symbol), tick === undefined ? 0 : tickDecimals(tick));
};
export const amountDecimalsOf = (symbol: string) => AMOUNT_DECIMALS[symbol] ?? DEFAULT_AMOUNT_DECIMALS;

function asset(symbol: string, name: string, scale: number, amountDecimals = amountDecimalsOf(symbol)): AssetDef {
  const entered = Math.min(amountDecimals, scale);
  const displayDecimals = DOLLAR_COINS.has(symbol) ? MONEY_DISPLAY_DECIMALS : entered;
  return { symbol, name, scale, amountDecimals: entered, priceDecimals: priceDecimalsOf(symbol), displayDecimals };
}

export const ASSETS: readonly AssetDef[] = [
  // USDT and USDC are the quote currencies: amounts to the cent and below, 6 decimals like on-chain.
  asset('USDT', 'Tether USD', 6, 6),
  asset('BTC', 'Bitcoin', 8),
  asset('ETH', 'Ethereum', 18),
  asset('USDC', 'USD Coin', 6, 6),
  asset('BCH', 'Bitcoin Cash', 8),
  asset('EOS', 'EOS', 4),
  asset('XRP', 'XRP', 6),
  asset('HT', 'Huobi Token', 18),
  asset('OMG', 'OMG Network', 18),
  asset('ZRX', '0x Protocol', 18),
  asset('BTM', 'Bytom', 8),
  asset('DOGE', 'Dogecoin', 8),
  asset('DOT', 'Polkadot', 10),
  asset('LTC', 'Litecoin', 8),
];

const BY_SYMBOL = new Map(ASSETS.map((a) => [a.symbol, a]));
export function assetOf(symbol: string): AssetDef | undefined {
  return BY_SYMBOL.get(symbol);
}
export const ASSET_SYMBOLS = ASSETS.map((a) => a.symbol);
export const QUOTE_ASSET = 'USDT';

/** Display decimals of a coin (see AssetDef.displayDecimals); docs/product.md §9 "others 5" for a coin not listed. */
export function displayDecimalsOf(symbol: string): number {
  return (
    assetOf(symbol)?.displayDecimals ?? (DOLLAR_COINS.has(symbol) ? MONEY_DISPLAY_DECIMALS : amountDecimalsOf(symbol))
  );
}

/**
 * Seconds-contract stakes are whole cents of the quote asset: its display decimals. One source
 * for the web form and the server's check (a finer stake is refused, not cut).
 */
export const STAKE_DECIMALS = displayDecimalsOf(QUOTE_ASSET);
