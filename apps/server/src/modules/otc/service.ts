import crypto from 'node:crypto';
import {
  ASSETS,
  QUOTE_ASSET,
  assetOf,
  divRound,
  formatAmount,
  pow10,
  type AssetDef,
  type CurrencyBuyBody,
  type CurrencySellBody,
  type ExchangeInfo,
  type FlashExchangeBody,
  type OtcSide,
  type OtcTrade,
  type TradingRecordPage,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemAccount, userAccount, type Mode, type MoneyCommands, type MoneyRequest, type Posting } from '../ledger';
import { assetOrThrow, positiveAmount, type ReferencePrices } from '../wallet';
import type { OtcConfig } from '../../config';
import { otcRepo, type OtcTradeRow } from './repository';
import { USDT, coinsFor, feeOf as fee, rateText, usdtFor } from '../../lib/usdt-math';
import { vipOtcRates, type TierBenefits } from '../vip';

interface StoredRate {
  buy: string;
  sell: string;
  decimals: number;
}
type StoredRates = Record<string, StoredRate>;

interface Rate {
  buy: bigint;
  sell: bigint;
  decimals: number;
}

/**
 * OTC instant exchange (docs/product.md §1, §2): buy a coin with USDT, sell it for USDT, or flash-exchange
 * one coin for another, at rates quoted from the market's reference price ± a spread, valid
 * for a short time and usable once. Every trade is one ledger transaction with the house as
 * counterparty and the fee in the same transaction. Rounding: docs/ledger.md.
 */
export class OtcService {
  constructor(
    private readonly ctx: AppContext,
    private readonly money: MoneyCommands,
    private readonly prices: ReferencePrices,
    private readonly config: OtcConfig,
    /** The caller's VIP tier narrows the spread (docs/vip.md); the quote keeps its rates, so a later change of tier changes no trade. */
    private readonly tiers: TierBenefits,
  ) {}

  /** Rates for every coin that has a price now, under a fresh quote id. */
  async exchangeInfo(userId: number, mode: Mode): Promise<ExchangeInfo> {
    const now = this.ctx.clock.now();
    const rates: StoredRates = {};
    const tier = await this.tiers.benefitsOf(userId);
    for (const a of ASSETS) {
      if (a.symbol === QUOTE_ASSET) continue;
      const ref = this.prices.of(a.symbol);
      if (!ref) continue;
      // The user pays at most the rounded-up ask and gets at least the rounded-down bid.
      const { buy, sell } = vipOtcRates(ref.units, this.config.spreadBps, tier.otcSpreadDiscountBps);
      if (sell <= 0n) continue;
      rates[a.symbol] = { buy: buy.toString(), sell: sell.toString(), decimals: ref.decimals };
    }
    if (Object.keys(rates).length === 0) throw new AppError('PRICE_UNAVAILABLE');
    const id = crypto.randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.config.quoteTtlSeconds * 1000);
    await otcRepo.insertQuote(this.ctx.db, {
      id,
      userId,
      mode,
      rates,
      feeBps: this.config.feeBps,
      createdAt: now,
      expiresAt,
    });
    return {
      quoteId: id,
      expiresAt: expiresAt.getTime(),
      validSeconds: this.config.quoteTtlSeconds,
      feeRate: rateText(this.config.feeBps),
      vipLevel: tier.level,
      rates: Object.entries(rates).map(([asset, r]) => ({
        asset,
        buyPrice: formatAmount(BigInt(r.buy), r.decimals),
        sellPrice: formatAmount(BigInt(r.sell), r.decimals),
        priceDecimals: r.decimals,
        amountDecimals: assetOf(asset)!.amountDecimals,
      })),
    };
  }

  /**
   * Marks the quote used inside the trade's transaction: if the trade fails, the rollback frees
   * it again. Refuses another user's, a used and an expired quote, each with its own code.
   */
  private async useQuote(
    tx: Tx,
    quoteId: string,
    userId: number,
    mode: Mode,
    now: Date,
  ): Promise<{ rates: StoredRates; feeBps: number }> {
    const row = await otcRepo.useQuote(tx, quoteId, userId, mode, now);
    if (row) return { rates: row.rates as StoredRates, feeBps: row.feeBps };
    const found = await otcRepo.quote(tx, quoteId);
    if (!found || found.userId !== userId || found.mode !== mode) throw new AppError('QUOTE_INVALID');
    if (found.usedAt) throw new AppError('QUOTE_USED');
    throw new AppError('QUOTE_EXPIRED');
  }

  private rateOf(rates: StoredRates, asset: string): Rate {
    const r = rates[asset];
    if (!r) throw new AppError('PRICE_UNAVAILABLE');
    return { buy: BigInt(r.buy), sell: BigInt(r.sell), decimals: r.decimals };
  }

  private minimum(usdt: bigint): void {
    if (usdt < BigInt(this.config.minTradeUsdt) * pow10(USDT.scale)) throw new AppError('AMOUNT_OUT_OF_RANGE');
  }

  private coin(symbol: string): AssetDef {
    const a = assetOrThrow(symbol);
    if (a.symbol === QUOTE_ASSET) throw new AppError('SAME_ASSET');
    return a;
  }

  /** A coin amount the user typed: positive, at most the coin's amount decimals. */
  private coinAmount(text: string, a: AssetDef): bigint {
    const minor = positiveAmount(text, a);
    if (minor % pow10(a.scale - a.amountDecimals) !== 0n) throw new AppError('AMOUNT_INVALID');
    return minor;
  }

  /** One trade at a quote, through the money command: the quote used, the postings, the trade record. */
  private execute(
    req: MoneyRequest,
    quoteId: string,
    trade: (
      rates: StoredRates,
      feeBps: number,
    ) => {
      side: OtcSide;
      from: AssetDef;
      to: AssetDef;
      fromAmount: bigint;
      toAmount: bigint;
      price: string;
      fee: bigint;
      /** The trade's size in USDT (docs/vip.md): a buy's payment, a sale's proceeds before the fee. */
      volumeUsdt: bigint;
      postings: Posting[];
    },
  ): Promise<OtcTrade> {
    const { userId, mode } = req;
    return this.money.request(req, async (m) => {
      const quote = await this.useQuote(m.tx, quoteId, userId, mode, m.now);
      const t = trade(quote.rates, quote.feeBps);
      const transactionId = await m.post({
        kind: `otc_${t.side}`,
        reference: `otc_quote:${quoteId}`,
        postings: t.postings,
      });
      return toOtcTrade(
        await otcRepo.insertTrade(m.tx, {
          userId,
          mode,
          side: t.side,
          fromAsset: t.from.symbol,
          toAsset: t.to.symbol,
          fromAmount: t.fromAmount,
          toAmount: t.toAmount,
          price: t.price,
          fee: t.fee,
          feeAsset: QUOTE_ASSET,
          volumeUsdt: t.volumeUsdt,
          quoteId,
          transactionId,
          createdAt: m.now,
        }),
      );
    });
  }

  /** Spends up to `amount` USDT (fee included) on the coin; charges only what the coins cost. */
  buy(req: MoneyRequest, body: CurrencyBuyBody): Promise<OtcTrade> {
    const { userId, mode } = req;
    const coin = this.coin(body.asset);
    const budget = positiveAmount(body.amount, USDT);
    this.minimum(budget);
    return this.execute(req, body.quoteId, (rates, feeBps) => {
      const r = this.rateOf(rates, coin.symbol);
      const net = budget - fee(budget, feeBps);
      const coins = coinsFor(net, coin, r.buy, r.decimals);
      if (coins <= 0n) throw new AppError('AMOUNT_OUT_OF_RANGE');
      const cost = usdtFor(coins, coin, r.buy, r.decimals, 'up');
      const f = fee(cost, feeBps);
      return {
        side: 'buy',
        from: USDT,
        to: coin,
        fromAmount: cost + f,
        toAmount: coins,
        price: formatAmount(r.buy, r.decimals),
        fee: f,
        volumeUsdt: cost + f,
        postings: [
          { account: userAccount(userId, mode, 'currency', QUOTE_ASSET), amount: -(cost + f) },
          { account: systemAccount(mode, 'house', QUOTE_ASSET), amount: cost },
          ...(f > 0n ? [{ account: systemAccount(mode, 'fees', QUOTE_ASSET), amount: f }] : []),
          { account: systemAccount(mode, 'house', coin.symbol), amount: -coins },
          { account: userAccount(userId, mode, 'currency', coin.symbol), amount: coins },
        ],
      };
    });
  }

  /** Sells `amount` of the coin for USDT, less the fee. */
  sell(req: MoneyRequest, body: CurrencySellBody): Promise<OtcTrade> {
    const { userId, mode } = req;
    const coin = this.coin(body.asset);
    const coins = this.coinAmount(body.amount, coin);
    return this.execute(req, body.quoteId, (rates, feeBps) => {
      const r = this.rateOf(rates, coin.symbol);
      const gross = usdtFor(coins, coin, r.sell, r.decimals, 'down');
      this.minimum(gross);
      const f = fee(gross, feeBps);
      return {
        side: 'sell',
        from: coin,
        to: USDT,
        fromAmount: coins,
        toAmount: gross - f,
        price: formatAmount(r.sell, r.decimals),
        fee: f,
        volumeUsdt: gross,
        postings: [
          { account: userAccount(userId, mode, 'currency', coin.symbol), amount: -coins },
          { account: systemAccount(mode, 'house', coin.symbol), amount: coins },
          { account: systemAccount(mode, 'house', QUOTE_ASSET), amount: -gross },
          ...(f > 0n ? [{ account: systemAccount(mode, 'fees', QUOTE_ASSET), amount: f }] : []),
          { account: userAccount(userId, mode, 'currency', QUOTE_ASSET), amount: gross - f },
        ],
      };
    });
  }

  /**
   * Coin to coin through USDT: sells `amount` of fromAsset at its bid, takes the fee, buys
   * toAsset at its ask. The USDT left over because coins come in whole amount-decimal steps
   * goes back to the user's USDT, never to the house.
   */
  flash(req: MoneyRequest, body: FlashExchangeBody): Promise<OtcTrade> {
    const { userId, mode } = req;
    const from = this.coin(body.fromAsset);
    const to = this.coin(body.toAsset);
    if (from.symbol === to.symbol) throw new AppError('SAME_ASSET');
    const amount = this.coinAmount(body.amount, from);
    return this.execute(req, body.quoteId, (rates, feeBps) => {
      const rf = this.rateOf(rates, from.symbol);
      const rt = this.rateOf(rates, to.symbol);
      const gross = usdtFor(amount, from, rf.sell, rf.decimals, 'down');
      this.minimum(gross);
      const f = fee(gross, feeBps);
      const coins = coinsFor(gross - f, to, rt.buy, rt.decimals);
      if (coins <= 0n) throw new AppError('AMOUNT_OUT_OF_RANGE');
      const cost = usdtFor(coins, to, rt.buy, rt.decimals, 'up');
      const change = gross - f - cost;
      // toAsset per fromAsset, 10 decimals, truncated: what the user effectively got per coin.
      const price = formatAmount(divRound(coins * pow10(from.scale) * pow10(10), amount * pow10(to.scale), 'down'), 10);
      return {
        side: 'flash',
        from,
        to,
        fromAmount: amount,
        toAmount: coins,
        price,
        fee: f,
        volumeUsdt: gross,
        postings: [
          { account: userAccount(userId, mode, 'currency', from.symbol), amount: -amount },
          { account: systemAccount(mode, 'house', from.symbol), amount },
          { account: systemAccount(mode, 'house', QUOTE_ASSET), amount: cost - gross },
          ...(f > 0n ? [{ account: systemAccount(mode, 'fees', QUOTE_ASSET), amount: f }] : []),
          ...(change > 0n ? [{ account: userAccount(userId, mode, 'currency', QUOTE_ASSET), amount: change }] : []),
          { account: systemAccount(mode, 'house', to.symbol), amount: -coins },
          { account: userAccount(userId, mode, 'currency', to.symbol), amount: coins },
        ].filter((p) => p.amount !== 0n),
      };
    });
  }

  async records(userId: number, mode: Mode, page: number, size: number): Promise<TradingRecordPage> {
    const { rows, total } = await otcRepo.trades(this.ctx.db, userId, mode, page, size);
    return { items: rows.map(toOtcTrade), page, size, total };
  }
}

function toOtcTrade(t: OtcTradeRow): OtcTrade {
  const scale = (s: string) => assetOf(s)?.scale ?? 0;
  return {
    id: t.publicId,
    side: t.side as OtcSide,
    fromAsset: t.fromAsset,
    toAsset: t.toAsset,
    fromAmount: formatAmount(t.fromAmount, scale(t.fromAsset)),
    toAmount: formatAmount(t.toAmount, scale(t.toAsset)),
    price: t.price,
    fee: formatAmount(t.fee, scale(t.feeAsset)),
    feeAsset: t.feeAsset,
    time: t.createdAt.getTime(),
  };
}
