/**
 * The coins of docs/product.md §3 with their minor-unit scale (the chain's own decimals, so deposits and
 * withdrawals map exactly) and the display decimals of docs/product.md §9 (others: price 10, amount 5).
 */
export interface AssetDef {
  symbol: string;
  name: string;
  /** Minor units per coin = 10^scale. Ledger amounts are integers of this unit. */
  scale: number;
  /** Decimals a user may enter and sees for amounts (docs/product.md §9). */
  amountDecimals: number;
  /** Decimals of its price in USDT (docs/product.md §9). */
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

/** docs/product.md §9 tables (coins quoted against USDT). */
export const PRICE_DECIMALS: Record<string, number> = {
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

export const priceDecimalsOf = (symbol: string) => PRICE_DECIMALS[symbol] ?? DEFAULT_PRICE_DECIMALS;
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
