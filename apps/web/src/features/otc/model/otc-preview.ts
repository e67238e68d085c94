import {
  divRound,
  formatAmount,
  parseAmount,
  pow10,
  type AssetInfo,
  type ExchangeInfo,
  type OtcSide,
} from '@app/contract';

/**
 * The trade preview: what the user pays, gets and the fee, computed exactly as the server
 * does (apps/server/src/modules/otc/service.ts) in bigint minor units, so the preview and
 * the executed trade agree to the last digit. Amounts are decimal strings in and out.
 */
export interface OtcPreview {
  pay: string;
  payAsset: string;
  get: string;
  getAsset: string;
  fee: string;
  feeAsset: string;
  /** The rate applied, USDT per coin. */
  price: string;
}

export interface PreviewInput {
  side: OtcSide;
  /** The coin bought or sold (buy/sell), or the coin given (flash). */
  asset: string;
  /** Flash only: the coin received. */
  toAsset?: string | undefined;
  /** Buy: USDT to spend (fee included). Sell, flash: coins given. */
  amount: string;
}

const BPS = 10_000n;
const QUOTE = 'USDT';

export function feeBps(feeRate: string): bigint {
  return parseAmount(feeRate, 4) ?? 0n;
}

const feeOf = (usdt: bigint, bps: bigint) => divRound(usdt * bps, BPS, 'up');

function usdtFor(
  coins: bigint,
  coin: AssetInfo,
  usdt: AssetInfo,
  price: bigint,
  priceDecimals: number,
  mode: 'down' | 'up',
) {
  return divRound(coins * price * pow10(usdt.scale), pow10(coin.scale) * pow10(priceDecimals), mode);
}

function coinsFor(amountUsdt: bigint, coin: AssetInfo, usdt: AssetInfo, price: bigint, priceDecimals: number) {
  const raw = divRound(amountUsdt * pow10(coin.scale) * pow10(priceDecimals), price * pow10(usdt.scale), 'down');
  const step = pow10(coin.scale - coin.amountDecimals);
  return raw - (raw % step);
}

/** The preview, or null while the input is not a positive amount the trade accepts. */
export function otcPreview(input: PreviewInput, quote: ExchangeInfo, assets: readonly AssetInfo[]): OtcPreview | null {
  const usdt = assets.find((a) => a.symbol === QUOTE);
  const coin = assets.find((a) => a.symbol === input.asset);
  const rate = quote.rates.find((r) => r.asset === input.asset);
  if (!usdt || !coin || !rate) return null;
  const bps = feeBps(quote.feeRate);
  const buyPrice = parseAmount(rate.buyPrice, rate.priceDecimals);
  const sellPrice = parseAmount(rate.sellPrice, rate.priceDecimals);
  if (buyPrice === null || sellPrice === null || buyPrice <= 0n || sellPrice <= 0n) return null;
  const usdtText = (minor: bigint) => formatAmount(minor, usdt.scale, usdt.amountDecimals);

  if (input.side === 'buy') {
    const budget = parseAmount(input.amount, usdt.scale, usdt.amountDecimals);
    if (budget === null || budget <= 0n) return null;
    const coins = coinsFor(budget - feeOf(budget, bps), coin, usdt, buyPrice, rate.priceDecimals);
    if (coins <= 0n) return null;
    const cost = usdtFor(coins, coin, usdt, buyPrice, rate.priceDecimals, 'up');
    const fee = feeOf(cost, bps);
    return {
      pay: usdtText(cost + fee),
      payAsset: QUOTE,
      get: formatAmount(coins, coin.scale, coin.amountDecimals),
      getAsset: coin.symbol,
      fee: usdtText(fee),
      feeAsset: QUOTE,
      price: rate.buyPrice,
    };
  }

  const coins = parseAmount(input.amount, coin.scale, coin.amountDecimals);
  if (coins === null || coins <= 0n) return null;
  const gross = usdtFor(coins, coin, usdt, sellPrice, rate.priceDecimals, 'down');
  const fee = feeOf(gross, bps);
  if (input.side === 'sell') {
    return {
      pay: formatAmount(coins, coin.scale, coin.amountDecimals),
      payAsset: coin.symbol,
      get: usdtText(gross - fee),
      getAsset: QUOTE,
      fee: usdtText(fee),
      feeAsset: QUOTE,
      price: rate.sellPrice,
    };
  }

  const to = assets.find((a) => a.symbol === input.toAsset);
  const toRate = quote.rates.find((r) => r.asset === input.toAsset);
  if (!to || !toRate || to.symbol === coin.symbol) return null;
  const toPrice = parseAmount(toRate.buyPrice, toRate.priceDecimals);
  if (toPrice === null || toPrice <= 0n) return null;
  const got = coinsFor(gross - fee, to, usdt, toPrice, toRate.priceDecimals);
  if (got <= 0n) return null;
  return {
    pay: formatAmount(coins, coin.scale, coin.amountDecimals),
    payAsset: coin.symbol,
    get: formatAmount(got, to.scale, to.amountDecimals),
    getAsset: to.symbol,
    fee: usdtText(fee),
    feeAsset: QUOTE,
    price: rate.sellPrice,
  };
}
