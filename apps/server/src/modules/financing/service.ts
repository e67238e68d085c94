import crypto from 'node:crypto';
import {
  DAY_MS,
  FINANCING_TOKEN_TTL_SECONDS,
  assetOf,
  financingAccrual,
  financingDaysEarned,
  financingPayout,
  financingSchedule,
  sameDayExpiry,
  formatAmount,
  formatRate,
  parseRate,
  cleanProductNames,
  productNameIn,
  type AdminFinancingProduct,
  type AdminSubscription,
  type AdminSubscriptionQuery,
  type EarlyRedemption,
  type EstimateQuery,
  type FinancingEstimate,
  type FinancingProduct,
  type FinancingProductSave,
  type FinancingSubscription,
  type FinancingSubscriptionPage,
  type HeaderLang,
  type ProductNames,
  type RedeemBody,
  type RedeemResult,
  type SubscriptionState,
  type UserProductListQuery,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/secrets';
import type { AuditActor, AuditLog } from '../audit';
import {
  systemAccount,
  userAccount,
  type LedgerReads,
  type Mode,
  type MoneyCommands,
  type MoneyRequest,
  type MoneyStep,
} from '../ledger';
import { notifyUser } from '../notifications';
import { adminListScope } from '../users';
import { assetOrThrow, positiveAmount } from '../wallet';
import { FINANCING_INVARIANTS, financingRepo, type ProductWithTerms, type SubscriptionRow } from './repository';

const TOKEN_TTL_MS = FINANCING_TOKEN_TTL_SECONDS * 1000;
const YEAR_MS = 365 * DAY_MS;

/** The products a new installation starts with (docs/financing.md "Products"): written once, when there are none. */
const SEED: {
  name: string;
  /** The name in the other seven languages (migration 0031 gives earlier installations' seeded products the same). */
  names: ProductNames;
  terms: [number, string][];
  early: EarlyRedemption;
  min: string;
  max: string;
  quota: string;
}[] = [
  {
    name: 'USDT 7 days',
    names: {
      de: 'USDT 7 Tage',
      fr: 'USDT 7 jours',
      it: 'USDT 7 giorni',
      ja: 'USDT 7日間',
      ko: 'USDT 7일',
      zh: 'USDT 7天',
      'zh-HK': 'USDT 7天',
    },
    terms: [[7, '0.02']],
    early: 'none',
    min: '10',
    max: '100000',
    quota: '10000000',
  },
  {
    name: 'USDT 30/90 days',
    names: {
      de: 'USDT 30/90 Tage',
      fr: 'USDT 30/90 jours',
      it: 'USDT 30/90 giorni',
      ja: 'USDT 30/90日間',
      ko: 'USDT 30/90일',
      zh: 'USDT 30/90天',
      'zh-HK': 'USDT 30/90天',
    },
    terms: [
      [30, '0.04'],
      [90, '0.05'],
    ],
    early: 'forfeit',
    min: '10',
    max: '100000',
    quota: '10000000',
  },
  {
    name: 'USDT 14 days, redeem any time',
    names: {
      de: 'USDT 14 Tage, jederzeit einlösbar',
      fr: 'USDT 14 jours, rachat à tout moment',
      it: 'USDT 14 giorni, riscatto in qualsiasi momento',
      ja: 'USDT 14日間・いつでも解約可',
      ko: 'USDT 14일, 언제든 환매 가능',
      zh: 'USDT 14天，随时赎回',
      'zh-HK': 'USDT 14天，隨時贖回',
    },
    terms: [[14, '0.03']],
    early: 'keep',
    min: '10',
    max: '50000',
    quota: '5000000',
  },
];

const scaleOf = (currency: string): number => assetOf(currency)?.scale ?? 0;
const money = (minor: bigint, currency: string): string => formatAmount(minor, scaleOf(currency));

/** The interest terms of a subscription as `interest.ts` takes them. */
const termsOf = (s: SubscriptionRow) => ({
  principal: s.amount,
  annualRate: s.annualRate,
  days: s.days,
  accrualStart: s.accrualStart.getTime(),
  maturesAt: s.maturesAt.getTime(),
  early: s.earlyRedemption as EarlyRedemption,
});

/** A token's text to its stored form: only the hash is kept, so the table cannot be replayed. */
const hashToken = (token: string): string => sha256Hex(`financing:${token}`);

/**
 * Fixed-term financing (docs/product.md §2 "Manage account", §3, §4, §7; docs/financing.md): products operators
 * sell, an estimate whose token confirms exactly what was shown, a subscription that moves its
 * amount into the financing account's frozen balance, and its end — at maturity by the job, or
 * early where the product allows it. Every interest figure comes from `interest.ts`.
 */
export class FinancingService {
  private seeded: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { money: MoneyCommands; ledger: LedgerReads; audit: AuditLog },
  ) {
    deps.ledger.registerInvariants(FINANCING_INVARIANTS);
  }

  /** The starting products, written at first use when the table is empty (an operator's products stay). */
  ensureSeeded(): Promise<void> {
    this.seeded ??= (async () => {
      const now = this.ctx.clock.now();
      const usdt = assetOrThrow('USDT');
      const minor = (text: string) => positiveAmount(text, usdt);
      await financingRepo.seedIfEmpty(
        this.ctx.db,
        SEED.map((p) => ({
          product: {
            name: p.name,
            names: p.names,
            currency: 'USDT',
            minAmount: minor(p.min),
            maxAmount: minor(p.max),
            quota: minor(p.quota),
            saleStart: now,
            saleEnd: new Date(now.getTime() + YEAR_MS),
            earlyRedemption: p.early,
            enabled: true,
            createdAt: now,
            updatedAt: now,
            updatedBy: null,
          },
          terms: p.terms.map(([days, rate]) => ({ days, annualRate: parseRate(rate)! })),
        })),
      );
    })().catch((err: unknown) => {
      this.seeded = null;
      throw err;
    });
    return this.seeded;
  }

  // ----- the catalogue --------------------------------------------------------------------------

  private onSale(p: ProductWithTerms, now: Date): boolean {
    return p.enabled && p.saleStart <= now && now < p.saleEnd && p.quota - p.sold >= p.minAmount && p.terms.length > 0;
  }

  /** A product as users see it, named in `lang` (the back office's view: English). */
  private productView(p: ProductWithTerms, now: Date, lang: HeaderLang = 'en'): FinancingProduct {
    const m = (v: bigint) => money(v, p.currency);
    return {
      id: p.publicId,
      name: productNameIn(p.name, p.names, lang),
      currency: p.currency,
      terms: p.terms.map((t) => ({ days: t.days, annualRate: formatRate(t.annualRate) })),
      minAmount: m(p.minAmount),
      maxAmount: m(p.maxAmount),
      quota: m(p.quota),
      remaining: m(p.quota - p.sold),
      saleStart: p.saleStart.getTime(),
      saleEnd: p.saleEnd.getTime(),
      earlyRedemption: p.earlyRedemption as EarlyRedemption,
      onSale: this.onSale(p, now),
    };
  }

  /**
   * `productList`: enabled products whose sale has not ended (of one coin when given), named in
   * `lang`; `onSale` says which can be bought now. The quota left is the real account's, in either
   * mode: demo subscriptions read it and never take any (docs/financing.md "Quota").
   */
  async productList(currency?: string, lang: HeaderLang = 'en'): Promise<FinancingProduct[]> {
    await this.ensureSeeded();
    const now = this.ctx.clock.now();
    const rows = await financingRepo.products(this.ctx.db, { enabledOnly: true, currency, saleEndAfter: now });
    return rows.map((p) => this.productView(p, now, lang));
  }

  /** An enabled product (users never see a disabled one). */
  private async userProduct(publicId: string): Promise<ProductWithTerms> {
    await this.ensureSeeded();
    const p = await financingRepo.product(this.ctx.db, { publicId });
    if (!p || !p.enabled) throw new AppError('PRODUCT_NOT_FOUND');
    return p;
  }

  private termOf(p: ProductWithTerms, days: number): bigint {
    const term = p.terms.find((t) => t.days === days);
    if (!term) throw new AppError('TERM_NOT_OFFERED');
    return term.annualRate;
  }

  /** `manage-rate/list-time`: each duration on sale (of one coin when given), with its range of rates. */
  async listTime(currency?: string) {
    await this.ensureSeeded();
    const now = this.ctx.clock.now();
    const products = await financingRepo.products(this.ctx.db, { enabledOnly: true, currency, saleEndAfter: now });
    const byDays = new Map<number, { min: bigint; max: bigint; products: number }>();
    for (const p of products.filter((x) => this.onSale(x, now))) {
      for (const t of p.terms) {
        const e = byDays.get(t.days);
        byDays.set(
          t.days,
          e
            ? {
                min: t.annualRate < e.min ? t.annualRate : e.min,
                max: t.annualRate > e.max ? t.annualRate : e.max,
                products: e.products + 1,
              }
            : { min: t.annualRate, max: t.annualRate, products: 1 },
        );
      }
    }
    return [...byDays.entries()]
      .sort(([a], [b]) => a - b)
      .map(([days, e]) => ({ days, minRate: formatRate(e.min), maxRate: formatRate(e.max), products: e.products }));
  }

  /** `manage-rate/get-profit-rate`: a product's annualised rate for a duration. */
  async profitRate(productId: string, days: number) {
    const p = await this.userProduct(productId);
    return { productId: p.publicId, days, annualRate: formatRate(this.termOf(p, days)) };
  }

  // ----- estimate and buy -----------------------------------------------------------------------

  /**
   * `estimatedAmount`: checks the product, the term and the amount (not the balance: that is the
   * buy's), computes the schedule with `financingSchedule`, and issues a one-use token for exactly
   * these figures, valid FINANCING_TOKEN_TTL_SECONDS and never past the end of this UTC day (the
   * dates shown move at midnight).
   */
  async estimate(userId: number, mode: Mode, q: EstimateQuery): Promise<FinancingEstimate> {
    const p = await this.userProduct(q.productId);
    const now = this.ctx.clock.now();
    if (!this.onSale(p, now)) throw new AppError('PRODUCT_NOT_ON_SALE');
    const annualRate = this.termOf(p, q.days);
    const asset = assetOrThrow(p.currency);
    const amount = positiveAmount(q.amount, asset);
    if (amount < p.minAmount || amount > p.maxAmount) throw new AppError('AMOUNT_OUT_OF_RANGE');
    const remaining = p.quota - p.sold;
    if (amount > remaining)
      throw new AppError('QUOTA_EXHAUSTED', { remaining: money(remaining, p.currency), currency: p.currency });
    const schedule = financingSchedule({ principal: amount, annualRate, days: q.days, subscribedAt: now.getTime() });
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(sameDayExpiry(now.getTime(), TOKEN_TTL_MS));
    await financingRepo.insertToken(this.ctx.db, {
      tokenHash: hashToken(token),
      userId,
      mode,
      productId: p.id,
      days: q.days,
      amount,
      annualRate,
      interest: schedule.interest,
      createdAt: now,
      expiresAt,
    });
    return {
      productId: p.publicId,
      currency: p.currency,
      amount: money(amount, p.currency),
      days: q.days,
      annualRate: formatRate(annualRate),
      interest: money(schedule.interest, p.currency),
      total: money(amount + schedule.interest, p.currency),
      subscribedAt: now.getTime(),
      accrualStart: schedule.accrualStart,
      maturesAt: schedule.maturesAt,
      earlyRedemption: p.earlyRedemption as EarlyRedemption,
      token,
      tokenExpiresAt: expiresAt.getTime(),
    };
  }

  /**
   * `buyFinanceProduct`: one money command (the Idempotency-Key, required, makes a replay answer
   * the first result): the token spent, the product checked again, the quota taken by a
   * conditional update (real money only: a demo subscription reads what is left and takes none of
   * it, decision 0146), the amount moved from the financing account to its frozen balance, and the
   * subscription written with the token's rate and interest.
   */
  async buy(req: MoneyRequest, token: string, lang: HeaderLang = 'en'): Promise<FinancingSubscription> {
    if (!req.idempotency) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    const tokenHash = hashToken(token);
    // The key answers for this token only: the same key with another token is a reused key.
    const idem = { key: req.idempotency.key, requestHash: sha256Hex(`${req.idempotency.requestHash} ${tokenHash}`) };
    return this.deps.money.request({ ...req, idempotency: idem }, async (m) => {
      const t = await financingRepo.useToken(m.tx, tokenHash, req.userId, req.mode, m.now);
      if (!t) {
        const found = await financingRepo.token(m.tx, tokenHash);
        const mine = found && found.userId === req.userId && found.mode === req.mode;
        throw new AppError(mine && found.usedAt ? 'FINANCING_TOKEN_USED' : 'FINANCING_TOKEN_INVALID');
      }
      const p = await financingRepo.product(m.tx, { id: t.productId });
      if (!p || !p.enabled) throw new AppError('PRODUCT_NOT_FOUND');
      if (!(p.saleStart <= m.now && m.now < p.saleEnd)) throw new AppError('PRODUCT_NOT_ON_SALE');
      const quotaLeft =
        req.mode === 'real' ? await financingRepo.takeQuota(m.tx, p.id, t.amount) : t.amount <= p.quota - p.sold;
      if (!quotaLeft) {
        const now = await financingRepo.product(m.tx, { id: p.id });
        throw new AppError('QUOTA_EXHAUSTED', {
          remaining: money((now?.quota ?? 0n) - (now?.sold ?? 0n), p.currency),
          currency: p.currency,
        });
      }
      const schedule = financingSchedule({
        principal: t.amount,
        annualRate: t.annualRate,
        days: t.days,
        subscribedAt: m.now.getTime(),
      });
      // The same function on the same figures: the estimate shown is what is recorded.
      if (schedule.interest !== t.interest) throw new Error('financing: the estimate and the schedule differ');
      // The subscription's public id is made here, so all its ledger transactions name it.
      const publicId = crypto.randomUUID();
      const subscribeTxId = await m.post({
        kind: 'financing_subscribe',
        reference: `financing:${publicId}`,
        postings: [
          { account: userAccount(req.userId, req.mode, 'financing', p.currency), amount: -t.amount },
          { account: userAccount(req.userId, req.mode, 'financing_frozen', p.currency), amount: t.amount },
        ],
      });
      const row = await financingRepo.insertSubscription(m.tx, {
        publicId,
        userId: req.userId,
        mode: req.mode,
        productId: p.id,
        productName: p.name,
        productNames: p.names,
        currency: p.currency,
        amount: t.amount,
        days: t.days,
        annualRate: t.annualRate,
        interest: t.interest,
        earlyRedemption: p.earlyRedemption,
        subscribedAt: m.now,
        accrualStart: new Date(schedule.accrualStart),
        maturesAt: new Date(schedule.maturesAt),
        state: 'during',
        subscribeTxId,
      });
      return this.view(row, p.publicId, m.now, lang);
    });
  }

  // ----- subscriptions --------------------------------------------------------------------------

  /** A subscription as its user sees it, its product named in `lang` (the back office's view: English). */
  private view(s: SubscriptionRow, productPublicId: string, now: Date, lang: HeaderLang = 'en'): FinancingSubscription {
    const m = (v: bigint) => money(v, s.currency);
    const earned = s.state === 'during' ? financingDaysEarned(s.accrualStart.getTime(), s.days, now.getTime()) : 0;
    return {
      id: s.publicId,
      productId: productPublicId,
      productName: productNameIn(s.productName, s.productNames, lang),
      currency: s.currency,
      amount: m(s.amount),
      days: s.days,
      annualRate: formatRate(s.annualRate),
      estimatedInterest: m(s.interest),
      accruedInterest: m(
        s.state === 'during' ? financingAccrual(s.amount, s.annualRate, earned) : (s.paidInterest ?? 0n),
      ),
      paidInterest: s.paidInterest === null ? null : m(s.paidInterest),
      subscribedAt: s.subscribedAt.getTime(),
      accrualStart: s.accrualStart.getTime(),
      expiresAt: s.maturesAt.getTime(),
      endedAt: s.endedAt?.getTime() ?? null,
      state: s.state as SubscriptionState,
      earlyRedemption: s.earlyRedemption as EarlyRedemption,
    };
  }

  private productIds(ids: number[]): Promise<Map<number, string>> {
    return financingRepo.publicIds(this.ctx.db, [...new Set(ids)]);
  }

  /** `userProductList`: the user's subscriptions in this mode, newest first, and what is held now per coin. */
  async userList(
    userId: number,
    mode: Mode,
    q: UserProductListQuery,
    lang: HeaderLang = 'en',
  ): Promise<FinancingSubscriptionPage> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const now = this.ctx.clock.now();
    const { rows, total, holding } = await financingRepo.page(this.ctx.db, userId, mode, q.state, page, size);
    const ids = await this.productIds(rows.map((r) => r.productId));
    return {
      items: rows.map((r) => this.view(r, ids.get(r.productId) ?? '', now, lang)),
      page,
      size,
      total,
      holding: holding.map((h) => ({
        currency: h.currency,
        amount: money(h.amount, h.currency),
        estimatedInterest: money(h.interest, h.currency),
      })),
    };
  }

  /**
   * Ends a subscription in its own mode: principal back from the frozen balance, interest (if
   * any) from the house's interest account, the state and what was paid recorded with the posting.
   */
  private async end(
    m: MoneyStep,
    s: SubscriptionRow,
    at: number,
  ): Promise<{ row: SubscriptionRow; principal: bigint; interest: bigint }> {
    const payout = financingPayout(termsOf(s), at);
    const mode = s.mode as Mode;
    const endTxId = await m.post({
      kind: payout.kind === 'mature' ? 'financing_mature' : 'financing_redeem',
      reference: `financing:${s.publicId}`,
      mode,
      postings: [
        { account: userAccount(s.userId, mode, 'financing_frozen', s.currency), amount: -payout.principal },
        { account: userAccount(s.userId, mode, 'financing', s.currency), amount: payout.principal + payout.interest },
        ...(payout.interest > 0n
          ? [{ account: systemAccount(mode, 'interest', s.currency), amount: -payout.interest }]
          : []),
      ],
    });
    const row = await financingRepo.endSubscription(m.tx, s.id, {
      state: payout.kind === 'mature' ? 'expired' : 'canceled',
      endedAt: m.now,
      paidInterest: payout.interest,
      endTxId,
    });
    return { row, principal: payout.principal, interest: payout.interest };
  }

  /**
   * Early redemption (docs/financing.md "Early redemption"): `preview` answers what it would pay
   * and moves nothing; otherwise it is done once (Idempotency-Key accepted). A subscription already
   * due is paid as matured (the job would have done the same). The quota is not given back.
   */
  async redeem(req: MoneyRequest, body: RedeemBody, lang: HeaderLang = 'en'): Promise<RedeemResult> {
    const result = (
      s: SubscriptionRow,
      productPublicId: string,
      principal: bigint,
      interest: bigint,
      done: boolean,
      now: Date,
    ): RedeemResult => ({
      subscription: this.view(s, productPublicId, now, lang),
      principal: money(principal, s.currency),
      interest: money(interest, s.currency),
      forfeited: money(s.interest - interest, s.currency),
      done,
    });
    const check = (s: SubscriptionRow | undefined, at: number): SubscriptionRow => {
      if (!s) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      if (s.state !== 'during') throw new AppError('SUBSCRIPTION_ENDED');
      if (at < s.maturesAt.getTime() && s.earlyRedemption === 'none') throw new AppError('REDEMPTION_NOT_ALLOWED');
      return s;
    };
    if (body.preview) {
      const now = this.ctx.clock.now();
      const s = check(await financingRepo.subscription(this.ctx.db, req.userId, req.mode, body.id), now.getTime());
      const payout = financingPayout(termsOf(s), now.getTime());
      return result(
        s,
        (await this.productIds([s.productId])).get(s.productId) ?? '',
        payout.principal,
        payout.interest,
        false,
        now,
      );
    }
    return this.deps.money.request(req, async (m) => {
      const s = check(await financingRepo.lockSubscription(m.tx, req.userId, req.mode, body.id), m.now.getTime());
      const ended = await this.end(m, s, m.now.getTime());
      const p = await financingRepo.product(m.tx, { id: s.productId });
      return result(ended.row, p?.publicId ?? '', ended.principal, ended.interest, true, m.now);
    });
  }

  /**
   * The maturity job's pass (engine role): every subscription due by now is paid — principal and
   * the whole term's interest, as estimated — in batches, each batch one transaction whose rows are
   * locked (SKIP LOCKED: two runners never take the same one) and ended with their payment. A
   * subscription leaves `during` in the transaction that pays it, so it is paid exactly once, and
   * one due during downtime is paid at the next pass. Answers how many were paid.
   */
  async runOnce(batch = this.ctx.config.financing.jobBatch): Promise<number> {
    let paid = 0;
    for (;;) {
      const n = await this.deps.money.run({
        userId: null,
        step: async (m) => {
          const due = await financingRepo.lockDue(m.tx, m.now, batch);
          // Paid as of its maturity, whenever the job gets to it: the figures never depend on the delay.
          for (const s of due) {
            const ended = await this.end(m, s, s.maturesAt.getTime());
            await notifyUser(m.tx, s.userId, 'financing.matured', m.now, {
              id: s.publicId,
              // The product's names by language: the notice reads in its reader's (English where none).
              product: { ...s.productNames, en: s.productName },
              principal: money(ended.principal, s.currency),
              interest: money(ended.interest, s.currency),
              currency: s.currency,
              mode: s.mode,
            });
          }
          return due.length;
        },
      });
      paid += n;
      if (n < batch) break;
    }
    await financingRepo.purgeTokens(this.ctx.db, new Date(this.ctx.clock.now().getTime() - DAY_MS));
    return paid;
  }

  // ----- the back office ------------------------------------------------------------------------

  /** A product as the back office sees it: its English name and the others, the real account's figures. */
  private adminView(
    p: ProductWithTerms,
    active: { count: number; amount: bigint } | undefined,
    now: Date,
  ): AdminFinancingProduct {
    return {
      ...this.productView(p, now),
      names: p.names,
      enabled: p.enabled,
      sold: money(p.sold, p.currency),
      activeCount: active?.count ?? 0,
      activeAmount: money(active?.amount ?? 0n, p.currency),
      updatedAt: p.updatedAt.getTime(),
    };
  }

  async adminProducts(): Promise<AdminFinancingProduct[]> {
    await this.ensureSeeded();
    const now = this.ctx.clock.now();
    const [products, active] = await Promise.all([
      financingRepo.products(this.ctx.db),
      financingRepo.activeByProduct(this.ctx.db),
    ]);
    return products.map((p) => this.adminView(p, active.get(p.id), now));
  }

  /**
   * Creates a product or changes one, audited in the same transaction. A change rewrites the
   * product's terms and limits for new subscriptions; existing ones keep what they copied.
   */
  async saveProduct(actor: AuditActor, body: FinancingProductSave): Promise<AdminFinancingProduct> {
    await this.ensureSeeded();
    const asset = assetOrThrow(body.currency);
    const minAmount = positiveAmount(body.minAmount, asset);
    const maxAmount = positiveAmount(body.maxAmount, asset);
    const quota = positiveAmount(body.quota, asset);
    const terms = body.terms
      .map((t) => {
        const annualRate = parseRate(t.annualRate);
        if (annualRate === null) throw new AppError('RATE_INVALID');
        return { days: t.days, annualRate };
      })
      .sort((a, b) => a.days - b.days);
    if (
      minAmount > maxAmount ||
      maxAmount > quota ||
      body.saleEnd <= body.saleStart ||
      new Set(terms.map((t) => t.days)).size !== terms.length
    ) {
      throw new AppError('PRODUCT_SETTING_INVALID');
    }
    const now = this.ctx.clock.now();
    const fields = {
      name: body.name.trim(),
      names: cleanProductNames(body.names),
      currency: asset.symbol,
      minAmount,
      maxAmount,
      quota,
      saleStart: new Date(body.saleStart),
      saleEnd: new Date(body.saleEnd),
      earlyRedemption: body.earlyRedemption,
      enabled: body.enabled,
      updatedAt: now,
      updatedBy: actor.operatorId,
    };
    if (!fields.name) throw new AppError('PRODUCT_SETTING_INVALID');
    const id = await this.ctx.db.transaction(async (tx) => {
      const before = body.id === undefined ? undefined : await financingRepo.lockProduct(tx, body.id);
      if (body.id !== undefined && !before) throw new AppError('PRODUCT_NOT_FOUND');
      if (before && (quota < before.sold || (before.sold > 0n && before.currency !== asset.symbol)))
        throw new AppError('PRODUCT_SETTING_INVALID');
      const beforeView = before ? await financingRepo.product(tx, { id: before.id }) : undefined;
      const row = before
        ? await financingRepo.updateProduct(tx, before.id, fields, terms)
        : await financingRepo.insertProduct(tx, { ...fields, createdAt: now }, terms);
      const afterView = (await financingRepo.product(tx, { id: row.id }))!;
      await this.deps.audit.write(tx, actor, {
        action: before ? 'financing.product.update' : 'financing.product.create',
        targetType: 'financing_product',
        targetId: row.id,
        ...(beforeView ? { before: { ...this.productView(beforeView, now), names: beforeView.names } } : {}),
        after: { ...this.productView(afterView, now), names: afterView.names, enabled: afterView.enabled },
      });
      return row.id;
    });
    const saved = (await financingRepo.product(this.ctx.db, { id }))!;
    return this.adminView(saved, (await financingRepo.activeByProduct(this.ctx.db)).get(id), now);
  }

  async adminSubscriptions(q: AdminSubscriptionQuery) {
    const { page, size, userId } = await adminListScope(this.ctx.db, q);
    if (userId === null) return { items: [], page, size, total: 0, totalCapped: false };
    const now = this.ctx.clock.now();
    const { rows, uids, total, totalCapped } = await financingRepo.adminPage(
      this.ctx.db,
      { state: q.state, userId },
      page,
      size,
    );
    const ids = await this.productIds(rows.map((r) => r.productId));
    const items: AdminSubscription[] = rows.map((s) => ({
      ...this.view(s, ids.get(s.productId) ?? '', now),
      uid: uids.get(s.userId) ?? '',
      mode: s.mode as Mode,
    }));
    return { items, page, size, total, totalCapped };
  }
}
