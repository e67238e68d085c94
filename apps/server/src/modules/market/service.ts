import {
  ASSET_SYMBOLS,
  FAVORITES_MAX,
  INSTRUMENTS,
  KLINE_DEFAULT_LIMIT,
  MARKETS,
  MARKET_NAMES,
  SEARCH_MAX_RESULTS,
  formatAmount,
  instrumentOf,
  instrumentsOfType,
  type Banner,
  type CandleInterval,
  type Depth,
  type HeaderLang,
  type InitForestData,
  type Instrument,
  type InstrumentInfo,
  type KlineResult,
  type RecentTrades,
  type Ticker,
  type TickerType,
  type TradingTime,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { BANNERS } from './banners';
import type { MarketEngine } from './engine';
import type { RecordedTick } from './engine-state';
import { formatCandle } from './ws-messages';
import { marketRepo } from './repository';
import { isOpen, SESSIONS, sessionDay, sessionState } from './sessions';

/** Symbols are matched case-insensitively; unknown ones answer SYMBOL_UNKNOWN. */
export function instrumentOrThrow(symbol: string): Instrument {
  const inst = instrumentOf(symbol.toUpperCase());
  if (!inst) throw new AppError('SYMBOL_UNKNOWN');
  return inst;
}

export function instrumentInfo(inst: Instrument): InstrumentInfo {
  return {
    symbol: inst.symbol,
    displaySymbol: inst.displaySymbol,
    market: inst.market,
    base: inst.base,
    quote: inst.quote,
    name: inst.name,
    priceDecimals: inst.priceDecimals,
    amountDecimals: inst.amountDecimals,
    session: inst.session,
    icon: inst.market === 'CRYPTO' && ASSET_SYMBOLS.includes(inst.base) ? `/coins/${inst.base.toLowerCase()}.svg` : '',
  };
}

/** Quotes, candles, sessions, search, favourites and banners over the engine's memory and the database. */
export class MarketService {
  constructor(
    private readonly ctx: AppContext,
    readonly engine: MarketEngine,
  ) {}

  private now(): number {
    return this.ctx.clock.now().getTime();
  }

  ticker(inst: Instrument): Ticker {
    const q = this.engine.latest(inst.symbol);
    const tick = this.engine.wsTick(inst.symbol);
    const s = this.engine.stats(inst.symbol);
    const d = inst.priceDecimals;
    const p = (u: number | undefined) => (u === undefined ? null : formatAmount(BigInt(u), d));
    return {
      symbol: inst.symbol,
      displaySymbol: inst.displaySymbol,
      market: inst.market,
      name: inst.name,
      priceDecimals: d,
      price: p(q?.price),
      bid: p(q?.bid),
      ask: p(q?.ask),
      open24h: p(s.open),
      high24h: p(s.high),
      low24h: p(s.low),
      volume24h: formatAmount(s.volume, inst.amountDecimals),
      quoteVolume24h: formatAmount(s.quoteVolume, d + inst.amountDecimals, 2),
      change24h: tick?.change24h ?? null,
      changePercent24h: tick?.changePercent24h ?? null,
      time: q?.time ?? null,
      open: isOpen(inst, this.now()),
      stale: q?.stale ?? false,
      complete24h: s.complete,
    };
  }

  /** Catalogue order, unless sorted (sort=change is the rise and drop ranking). */
  tickers(type?: TickerType, sort?: 'symbol' | 'change' | 'volume', order: 'asc' | 'desc' = 'asc'): Ticker[] {
    const list = (type ? instrumentsOfType(type) : [...INSTRUMENTS]).map((i) => this.ticker(i));
    if (!sort) return order === 'desc' ? list.reverse() : list;
    const key = (t: Ticker): number => {
      if (sort === 'change') return t.changePercent24h === null ? -Infinity : Number(t.changePercent24h);
      if (sort === 'volume') return Number(t.quoteVolume24h);
      return 0;
    };
    list.sort((a, b) => key(a) - key(b) || a.symbol.localeCompare(b.symbol));
    return order === 'desc' ? list.reverse() : list;
  }

  initForestData(): InitForestData {
    return {
      serverTime: this.now(),
      markets: MARKETS.map((market) => ({
        market,
        name: MARKET_NAMES[market],
        tickers: instrumentsOfType(market).map((i) => this.ticker(i)),
      })),
    };
  }

  depth(symbol: string, limit: number): Depth {
    const inst = instrumentOrThrow(symbol);
    return this.engine.wsDepth(inst.symbol, limit) ?? { symbol: inst.symbol, bids: [], asks: [], time: null };
  }

  /** The newest `limit` trades, newest first (an empty list before the first tick). */
  trades(symbol: string, limit: number): RecentTrades {
    const inst = instrumentOrThrow(symbol);
    return this.engine.recentTrades(inst.symbol, limit) ?? { symbol: inst.symbol, trades: [] };
  }

  /**
   * Candles of [from, to] (open times, inclusive), oldest first, at most `limit`: the newest
   * `limit` of the range. Without `from` the range reaches back to the first candle, so a closed
   * market answers its last session's candles rather than an empty window of wall-clock time.
   * The live candle replaces its stored part (the stored row lacks the minute in progress).
   */
  async kline(
    symbol: string,
    interval: CandleInterval,
    q: { from?: number | undefined; to?: number | undefined; limit?: number | undefined },
  ): Promise<KlineResult> {
    const inst = instrumentOrThrow(symbol);
    const limit = q.limit ?? KLINE_DEFAULT_LIMIT;
    const now = this.now();
    const to = Math.min(q.to ?? now, now);
    const from = q.from ?? 0;
    if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw new AppError('TIME_RANGE_INVALID');
    if (from > to) return { symbol: inst.symbol, interval, candles: [] };
    const rows = await marketRepo.candles(this.ctx.db, inst.symbol, interval, from, to, limit);
    const candles = rows.map((r) => formatCandle(inst, r));
    const live = this.engine.liveCandle(inst.symbol, interval);
    if (live && live.openTime >= from && live.openTime <= to) {
      const f = formatCandle(inst, live);
      const i = candles.findIndex((c) => c.openTime === live.openTime);
      if (i >= 0) candles[i] = f;
      else if (!candles.length || candles.at(-1)!.openTime < live.openTime) {
        candles.push(f);
        if (candles.length > limit) candles.shift();
      }
    }
    return { symbol: inst.symbol, interval, candles };
  }

  /** Symbol, display symbol, base or name contains the query (case-insensitive); exact and prefix matches first. */
  search(q: string, limit = SEARCH_MAX_RESULTS): Ticker[] {
    const needle = q.trim().toUpperCase();
    if (!needle) return [];
    const rank = (i: Instrument): number => {
      const fields = [i.symbol, i.displaySymbol, i.base];
      if (fields.includes(needle)) return 0;
      if (fields.some((f) => f.startsWith(needle))) return 1;
      if (fields.some((f) => f.includes(needle))) return 2;
      if (i.name.toUpperCase().includes(needle)) return 3;
      return -1;
    };
    return INSTRUMENTS.map((i) => ({ i, r: rank(i) }))
      .filter((x) => x.r >= 0)
      .sort((a, b) => a.r - b.r || a.i.symbol.localeCompare(b.i.symbol))
      .slice(0, Math.min(limit, SEARCH_MAX_RESULTS))
      .map((x) => this.ticker(x.i));
  }

  tradingTime(symbol: string): TradingTime {
    const inst = instrumentOrThrow(symbol);
    const now = this.now();
    const s = sessionState(inst, now);
    const day = sessionDay(inst, now);
    return {
      symbol: inst.symbol,
      open: s.open,
      nextOpen: s.nextOpen,
      nextClose: s.nextClose,
      timeZone: s.timeZone,
      exchange: SESSIONS[inst.session].exchange,
      sessionDate: day.date,
      sessions: day.sessions.map(([open, close]) => ({ open, close })),
    };
  }

  /** The recorded tick in force at `atMs` (settlement uses it; see MarketEngine.tickAtOrBefore). */
  tickAtOrBefore(symbol: string, atMs: number): Promise<RecordedTick | null> {
    return this.engine.tickAtOrBefore(instrumentOrThrow(symbol).symbol, atMs);
  }

  async favorites(userId: number): Promise<Ticker[]> {
    const symbols = await marketRepo.favorites(this.ctx.db, userId);
    return symbols
      .map((s) => instrumentOf(s))
      .filter((i): i is Instrument => !!i)
      .map((i) => this.ticker(i));
  }

  async isFavorite(userId: number, symbol: string): Promise<{ symbol: string; favorite: boolean }> {
    const inst = instrumentOrThrow(symbol);
    return { symbol: inst.symbol, favorite: await marketRepo.isFavorite(this.ctx.db, userId, inst.symbol) };
  }

  /** Idempotent: adding a favourite twice keeps one. */
  async addFavorite(userId: number, symbol: string): Promise<void> {
    const inst = instrumentOrThrow(symbol);
    const db = this.ctx.db;
    if (await marketRepo.isFavorite(db, userId, inst.symbol)) return;
    if ((await marketRepo.countFavorites(db, userId)) >= FAVORITES_MAX)
      throw new AppError('FAVORITES_LIMIT', { max: FAVORITES_MAX });
    await marketRepo.insertFavorite(db, userId, inst.symbol, this.ctx.clock.now());
  }

  /** Idempotent: removing one that is not there succeeds. */
  async removeFavorite(userId: number, symbol: string): Promise<void> {
    const inst = instrumentOrThrow(symbol);
    await marketRepo.deleteFavorite(this.ctx.db, userId, inst.symbol);
  }

  banners(lang: HeaderLang, position: 'home' | 'quote' = 'home'): Banner[] {
    return BANNERS.filter((b) => b.positions.includes(position)).map((b) => ({
      id: b.id,
      title: b.title[lang],
      image: b.image,
      link: b.link,
      ...(b.memberLink ? { memberLink: b.memberLink } : {}),
    }));
  }
}
