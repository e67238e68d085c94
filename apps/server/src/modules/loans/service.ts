import crypto from 'node:crypto';
import {
  ADMIN_LIST_COUNT_CAP,
  DAY_MS,
  LOAN_PHOTOS_MIN,
  LOAN_QUOTE_TTL_SECONDS,
  QUOTE_ASSET,
  assetOf,
  dayStart,
  formatAmount,
  formatRate,
  loanDue,
  loanDueDay,
  loanPeriodInterest,
  newLoanBalance,
  applyLoanPayment,
  parseAmount,
  parseRate,
  pow10,
  cleanProductNames,
  productNameIn,
  sameDayExpiry,
  utcDay,
  type AdminLoan,
  type AdminLoanList,
  type AdminLoanProduct,
  type AdminLoanQuery,
  type EstimateLoanBody,
  type HeaderLang,
  type Loan,
  type LoanApplyBody,
  type LoanBalance,
  type LoanDecideBody,
  type LoanPage,
  type LoanPayAllQuote,
  type LoanPaymentResult,
  type LoanPayoff,
  type LoanProduct,
  type LoanProductSave,
  type LoanQuote,
  type LoanRejectReason,
  type LoanRule,
  type LoanState,
  type UserLoanListQuery,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AuditActor, AuditLog } from '../audit';
import {
  systemAccount,
  userAccount,
  type LedgerReads,
  type MoneyCommands,
  type MoneyRequest,
  type MoneyStep,
} from '../ledger';
import { notifyUser } from '../notifications';
import { operatorEmails } from '../operators';
import { adminListScope } from '../users';
import { assetOrThrow, positiveAmount, valueAt, type ReferencePrices } from '../wallet';
import {
  LOAN_INVARIANTS,
  OPEN_STATES,
  loanRepo,
  type LoanProductRow,
  type LoanQuoteItem,
  type LoanRow,
} from './repository';
import { SEED_PRODUCTS, seedRules } from './seed';

const USDT_SCALE = assetOf(QUOTE_ASSET)!.scale;

/** What loans read of a user's identity verification (the kyc module's public face). */
export interface KycStates {
  statesOf(userIds: readonly number[]): Promise<Map<number, string>>;
}
/** What loans ask of uploads (the files module's public face): the user's own private files, and a photo for a reviewer. */
export interface PrivateFiles {
  ownPrivateNames(userId: number, paths: readonly string[]): Promise<(string | null)[]>;
  privatePath(name: string): string;
  readForReview(name: string): Promise<{ data: Buffer; mime: string }>;
}

/** A loan's repayment state, as interest.ts computes with it. */
function balanceOf(r: LoanRow): LoanBalance {
  return {
    principal: r.principal,
    interestCarried: r.interestCarried,
    dailyRate: r.dailyRate,
    lateDailyRate: r.lateDailyRate,
    startDay: r.startDay!,
    periodDays: r.periodDays,
    accruedThroughDay: r.accruedThroughDay!,
  };
}

/** How long before its due moment a loan's "due soon" reminder is written. */
const DUE_SOON_MS = DAY_MS;

const isOpen = (state: string) => (OPEN_STATES as readonly string[]).includes(state);

/** The record's number (docs/product.md §3): the day it was applied for and its id, e.g. L20261127-000123. */
function loanNumber(r: LoanRow): string {
  const d = r.createdAt;
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `L${day}-${String(r.id).padStart(6, '0')}`;
}

/** The state filter of the user's list: `open` what can be paid, `paid` the settled ones (paid history). */
function statesOf(state: UserLoanListQuery['state']): readonly string[] | undefined {
  if (state === 'open') return OPEN_STATES;
  if (state === 'paid') return ['settled'];
  return state ? [state] : undefined;
}

/**
 * Loans (docs/product.md §2 "Loan", §3, §4, §5, §7 "Loans"; docs/loans.md): products operators set; a verified
 * user applies with at least three of their own document photos and the terms accepted; operators
 * approve (two of them above LOAN_FOUR_EYES_USDT) or reject with a reason; approval pays the amount
 * from the loan book into the currency wallet; the user repays when they ask, from a binding quote,
 * through the money command. Interest is interest.ts's and nowhere else. Nothing is ever taken on
 * its own: an overdue loan accrues the stated late rate and is shown as overdue, that is all.
 */
export class LoanService {
  private seeded: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      money: MoneyCommands;
      ledger: LedgerReads;
      prices: ReferencePrices;
      audit: AuditLog;
      kyc: KycStates;
      files: PrivateFiles;
    },
  ) {
    deps.ledger.registerInvariants(LOAN_INVARIANTS);
  }

  // ----- products -------------------------------------------------------------------------------

  /** The honest starting products, written once when there are none. */
  private ensureProducts(): Promise<void> {
    this.seeded ??= (async () => {
      const now = this.ctx.clock.now();
      await loanRepo.seedProducts(
        this.ctx.db,
        SEED_PRODUCTS.map((p) => {
          const scale = assetOf(p.currency)!.scale;
          const pct = (rate: string) => formatRate(parseRate(rate)! * 100n);
          return {
            name: p.name,
            names: p.names,
            currency: p.currency,
            minAmount: parseAmount(p.min, scale)!,
            maxAmount: parseAmount(p.max, scale)!,
            periodDays: p.periodDays,
            dailyRate: parseRate(p.dailyRate)!,
            lateDailyRate: parseRate(p.lateDailyRate)!,
            enabled: true,
            createdAt: now,
            updatedAt: now,
            updatedBy: null,
            rules: seedRules({
              currency: p.currency,
              min: p.min,
              max: p.max,
              periodDays: p.periodDays,
              dailyPct: pct(p.dailyRate),
              latePct: pct(p.lateDailyRate),
            }),
          };
        }),
      );
    })().catch((err: unknown) => {
      this.seeded = null;
      throw err;
    });
    return this.seeded;
  }

  /** A product as users see it, named in `lang` (the back office's view: English). */
  private productView(p: LoanProductRow, lang: HeaderLang = 'en'): LoanProduct {
    const scale = assetOf(p.currency)!.scale;
    return {
      id: p.publicId,
      name: productNameIn(p.name, p.names, lang),
      currency: p.currency,
      minAmount: formatAmount(p.minAmount, scale),
      maxAmount: formatAmount(p.maxAmount, scale),
      periodDays: p.periodDays,
      dailyRate: formatRate(p.dailyRate),
      lateDailyRate: formatRate(p.lateDailyRate),
      enabled: p.enabled,
    };
  }

  /** `loan/productList`: the enabled products, each named in the request's language. */
  async productList(lang: HeaderLang = 'en'): Promise<LoanProduct[]> {
    await this.ensureProducts();
    return (await loanRepo.products(this.ctx.db, true)).map((p) => this.productView(p, lang));
  }

  /** `rule/get-rule`: a product's rules in `lang`, English (marked `fallback`) when it has none in it; without a product, the first one's. */
  async rule(productId: string | undefined, lang: HeaderLang): Promise<LoanRule> {
    await this.ensureProducts();
    const product =
      productId === undefined
        ? (await loanRepo.products(this.ctx.db, true))[0]
        : await loanRepo.product(this.ctx.db, productId);
    if (productId !== undefined && (!product || !product.enabled)) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
    if (!product) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
    const own = product.rules[lang];
    return own
      ? { productId: product.publicId, lang, fallback: false, text: own }
      : { productId: product.publicId, lang: 'en', fallback: lang !== 'en', text: product.rules.en ?? '' };
  }

  // ----- apply ----------------------------------------------------------------------------------

  /**
   * `createLoanProduct`: an application, waiting for review. Real mode, KYC verified, the terms
   * accepted, at least three distinct photos of the user's own private uploads, an amount within
   * the product's range; one application waits at a time (a partial unique index backs it).
   */
  async apply(req: Pick<MoneyRequest, 'userId' | 'mode'>, body: LoanApplyBody, lang: HeaderLang = 'en'): Promise<Loan> {
    if (req.mode !== 'real') throw new AppError('LOAN_REAL_ONLY');
    await this.ensureProducts();
    const product = await loanRepo.product(this.ctx.db, body.productId);
    if (!product || !product.enabled) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
    if ((await this.deps.kyc.statesOf([req.userId])).get(req.userId) !== 'verified') throw new AppError('KYC_REQUIRED');
    if (body.acceptTerms !== true) throw new AppError('LOAN_TERMS_NOT_ACCEPTED');
    if (body.photos.length < LOAN_PHOTOS_MIN) throw new AppError('PHOTOS_TOO_FEW');
    const names = await this.deps.files.ownPrivateNames(req.userId, body.photos);
    if (names.some((n) => n === null) || new Set(names).size !== names.length) throw new AppError('LOAN_PHOTO_INVALID');
    const asset = assetOrThrow(product.currency);
    const amount = positiveAmount(body.amount, asset);
    if (amount < product.minAmount || amount > product.maxAmount) throw new AppError('AMOUNT_OUT_OF_RANGE');
    const price = this.deps.prices.of(asset.symbol);
    // A coin with no price now is valued as large: two operators review it.
    const valueUsdt = price ? valueAt(amount, asset.scale, price, USDT_SCALE) : null;
    const fourEyes = valueUsdt === null || valueUsdt > BigInt(this.ctx.config.loans.fourEyesUsdt) * pow10(USDT_SCALE);
    const now = this.ctx.clock.now();
    try {
      const row = await loanRepo.insert(this.ctx.db, {
        userId: req.userId,
        productId: product.id,
        productName: product.name,
        productNames: product.names,
        currency: product.currency,
        amount,
        periodDays: product.periodDays,
        dailyRate: product.dailyRate,
        lateDailyRate: product.lateDailyRate,
        valueUsdt: valueUsdt ?? 0n,
        photos: names as string[],
        review: fourEyes ? 'four_eyes' : 'manual',
        approvalsNeeded: fourEyes ? 2 : 1,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
        principal: 0n,
      });
      return { ...this.view(row, now, lang), productId: product.publicId };
    } catch (err) {
      if (uniqueViolation(err) === 'loans_one_pending') throw new AppError('LOAN_PENDING_EXISTS');
      throw err;
    }
  }

  // ----- the user's loans -----------------------------------------------------------------------

  /** A loan as its user sees it, its product named in `lang`. */
  private view(r: LoanRow, at: Date, lang: HeaderLang = 'en'): Loan {
    const scale = assetOf(r.currency)!.scale;
    const money = (v: bigint) => formatAmount(v, scale);
    const interest = loanPeriodInterest(r.amount, r.dailyRate, r.periodDays);
    const due = isOpen(r.state) ? loanDue(balanceOf(r), at.getTime()) : null;
    return {
      id: r.publicId,
      number: loanNumber(r),
      productId: '',
      productName: productNameIn(r.productName, r.productNames, lang),
      currency: r.currency,
      amount: money(r.amount),
      periodDays: r.periodDays,
      dailyRate: formatRate(r.dailyRate),
      lateDailyRate: formatRate(r.lateDailyRate),
      interest: money(interest),
      state: r.state as LoanState,
      overdue: due?.overdue ?? false,
      overdueDays: due?.overdue ? due.day - loanDueDay(balanceOf(r)) + 1 : 0,
      createdAt: r.createdAt.getTime(),
      dueAt: r.dueAt?.getTime() ?? null,
      approvedAt: r.approvedAt?.getTime() ?? null,
      rejectedAt: r.rejectedAt?.getTime() ?? null,
      rejectReason: (r.rejectReason as LoanRejectReason | null) ?? null,
      rejectNote: r.rejectNote,
      paidAt: r.paidAt?.getTime() ?? null,
      amountDue: money(r.amount + interest),
      amountPaid: money(r.amountPaid),
      toPay: money(due?.total ?? 0n),
      principalOutstanding: money(r.principal),
      interestCarried: money(r.interestCarried),
      accruedThroughDay: r.accruedThroughDay,
    };
  }

  /** Views with each loan's product public id. */
  private async views(rows: LoanRow[], at: Date, db: DbOrTx = this.ctx.db, lang: HeaderLang = 'en'): Promise<Loan[]> {
    const products = new Map((await loanRepo.products(db, false)).map((p) => [p.id, p.publicId]));
    return rows.map((r) => ({ ...this.view(r, at, lang), productId: products.get(r.productId) ?? '' }));
  }

  async list(userId: number, q: UserLoanListQuery, lang: HeaderLang = 'en'): Promise<LoanPage> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const { rows, total } = await loanRepo.page(this.ctx.db, userId, statesOf(q.state), page, size);
    return { items: await this.views(rows, this.ctx.clock.now(), this.ctx.db, lang), page, size, total };
  }

  // ----- quotes ---------------------------------------------------------------------------------

  /** One loan's pay-off today: all it owes, or a part `amount`. */
  private payoff(r: LoanRow, at: Date, amount?: bigint): LoanPayoff & { item: LoanQuoteItem; payMinor: bigint } {
    const scale = assetOf(r.currency)!.scale;
    const due = loanDue(balanceOf(r), at.getTime());
    const pay = amount ?? due.total;
    if (pay > due.total)
      throw new AppError('LOAN_AMOUNT_TOO_LARGE', { total: formatAmount(due.total, scale), currency: r.currency });
    const money = (v: bigint) => formatAmount(v, scale);
    return {
      loanId: r.publicId,
      number: loanNumber(r),
      currency: r.currency,
      principal: money(due.principal),
      interest: money(due.interest),
      regularDays: due.regularDays,
      lateDays: due.lateDays,
      overdue: due.overdue,
      total: money(due.total),
      pay: money(pay),
      remaining: money(due.total - pay),
      item: {
        loanId: r.id,
        pay: pay.toString(),
        principal: r.principal.toString(),
        interestCarried: r.interestCarried.toString(),
        accruedThroughDay: r.accruedThroughDay!,
      },
      payMinor: pay,
    };
  }

  /** Quotes `rows` (one currency) and stores the quote; binding until it expires or its UTC day ends. */
  private async quote(userId: number, kind: 'one' | 'all', rows: LoanRow[], amount?: bigint): Promise<LoanQuote> {
    const now = this.ctx.clock.now();
    const currency = rows[0]!.currency;
    const scale = assetOf(currency)!.scale;
    const items = rows.map((r) => this.payoff(r, now, amount));
    const total = items.reduce((s, i) => s + i.payMinor, 0n);
    const day = utcDay(now.getTime());
    const expiresAt = new Date(sameDayExpiry(now.getTime(), LOAN_QUOTE_TTL_SECONDS * 1000));
    const id = crypto.randomBytes(16).toString('base64url');
    await loanRepo.insertQuote(this.ctx.db, {
      id,
      userId,
      kind,
      currency,
      items: items.map((i) => i.item),
      total,
      day,
      createdAt: now,
      expiresAt,
    });
    const balance = await this.deps.ledger.balance(this.ctx.db, userAccount(userId, 'real', 'currency', currency));
    return {
      quoteId: id,
      expiresAt: expiresAt.getTime(),
      currency,
      items: items.map(({ item: _item, payMinor: _p, ...rest }) => rest),
      total: formatAmount(total, scale),
      balance: formatAmount(balance, scale),
      enough: balance >= total,
    };
  }

  /** `estimate-paid-loan`: a binding quote for one loan (all it owes today, or a part `amount`). */
  async estimateOne(
    { userId, mode }: Pick<MoneyRequest, 'userId' | 'mode'>,
    body: EstimateLoanBody,
  ): Promise<LoanQuote> {
    // Loans live on the real ledger only: a demo request gets no quote of real money (as pay does).
    if (mode !== 'real') throw new AppError('LOAN_REAL_ONLY');
    const row = await loanRepo.byPublicId(this.ctx.db, userId, body.id);
    if (!row) throw new AppError('LOAN_NOT_FOUND');
    if (!isOpen(row.state)) throw new AppError('LOAN_NOT_PAYABLE');
    const amount = body.amount === undefined ? undefined : positiveAmount(body.amount, assetOrThrow(row.currency));
    return this.quote(userId, 'one', [row], amount);
  }

  /**
   * `estimate-paid-loans`: a binding quote settling every open loan today. Loans are in one coin
   * in practice (USDT); should a user hold loans in several, this pays those in the coin of their
   * oldest open loan (docs/loans.md). With no open loan, an empty quote: nothing to pay is a state,
   * not an error (no quote is stored; there is nothing to pay with it).
   */
  async estimateAll({ userId, mode }: Pick<MoneyRequest, 'userId' | 'mode'>): Promise<LoanPayAllQuote> {
    if (mode !== 'real') throw new AppError('LOAN_REAL_ONLY');
    const rows = await loanRepo.open(this.ctx.db, userId, false);
    if (!rows.length) {
      const balance = await this.deps.ledger.balance(this.ctx.db, userAccount(userId, 'real', 'currency', QUOTE_ASSET));
      return {
        quoteId: null,
        expiresAt: null,
        currency: QUOTE_ASSET,
        items: [],
        total: formatAmount(0n, USDT_SCALE),
        balance: formatAmount(balance, USDT_SCALE),
        enough: true,
      };
    }
    return this.quote(
      userId,
      'all',
      rows.filter((r) => r.currency === rows[0]!.currency),
    );
  }

  // ----- payment --------------------------------------------------------------------------------

  /** `pay-one-application`: pays a quote of `estimate-paid-loan`, once. */
  payOne(req: MoneyRequest, quoteId: string, lang: HeaderLang = 'en'): Promise<LoanPaymentResult> {
    return this.pay(req, 'one', quoteId, lang);
  }

  /** `pay-all-applications`: pays a quote of `estimate-paid-loans`, or, without one, settles every open loan at today's figures. */
  payAll(req: MoneyRequest, quoteId: string | undefined, lang: HeaderLang = 'en'): Promise<LoanPaymentResult> {
    return this.pay(req, 'all', quoteId, lang);
  }

  /**
   * One money command: the quote checked and spent (or, for pay-all without one, today's figures
   * taken and recorded as a spent quote), the loans locked and compared with the quote, each paid
   * by `applyLoanPayment` (interest first), and one `loan_repay` transaction from the available
   * currency balance — principal to the loan book, interest to the interest account.
   */
  private async pay(
    req: MoneyRequest,
    kind: 'one' | 'all',
    quoteId: string | undefined,
    lang: HeaderLang,
  ): Promise<LoanPaymentResult> {
    if (req.mode !== 'real') throw new AppError('LOAN_REAL_ONLY');
    return this.deps.money.request(req, async (m) => {
      const { quote, rows } =
        quoteId === undefined
          ? await this.todaysQuote(m, req.userId)
          : await this.spendQuote(m, req.userId, kind, quoteId);
      const currency = quote.currency;
      const items = quote.items.map((item) => {
        const row = rows.find((r) => r.id === item.loanId)!;
        return { row, pay: applyLoanPayment(balanceOf(row), m.now.getTime(), BigInt(item.pay)) };
      });
      const total = items.reduce((s, i) => s + i.pay.paid, 0n);
      const principal = items.reduce((s, i) => s + i.pay.principalPaid, 0n);
      const interest = items.reduce((s, i) => s + i.pay.interestPaid, 0n);
      const wallet = userAccount(req.userId, 'real', 'currency', currency);
      if ((await this.deps.ledger.balance(m.tx, wallet)) < total) throw new AppError('BALANCE_NOT_ENOUGH');
      const txId = await m.post({
        kind: 'loan_repay',
        reference: `loan_quote:${quote.id}`,
        postings: [
          { account: wallet, amount: -total },
          ...(principal > 0n ? [{ account: systemAccount('real', 'loan_book', currency), amount: principal }] : []),
          ...(interest > 0n ? [{ account: systemAccount('real', 'interest', currency), amount: interest }] : []),
        ],
      });
      const paid: LoanRow[] = [];
      for (const { row, pay } of items) {
        paid.push(
          await loanRepo.update(m.tx, row.id, {
            principal: pay.after.principal,
            interestCarried: pay.after.interestCarried,
            accruedThroughDay: pay.after.accruedThroughDay,
            amountPaid: row.amountPaid + pay.paid,
            interestPaid: row.interestPaid + pay.interestPaid,
            state: pay.settled ? 'settled' : 'partially_settled',
            paidAt: pay.settled ? m.now : row.paidAt,
            updatedAt: m.now,
          }),
        );
        await loanRepo.insertPayment(m.tx, {
          loanId: row.id,
          userId: req.userId,
          quoteId: quote.id,
          amount: pay.paid,
          interestPaid: pay.interestPaid,
          principalPaid: pay.principalPaid,
          regularDays: pay.due.regularDays,
          lateDays: pay.due.lateDays,
          txId,
          paidAt: m.now,
        });
      }
      return {
        paid: formatAmount(total, assetOf(currency)!.scale),
        currency,
        loans: await this.views(paid, m.now, m.tx, lang),
      };
    });
  }

  /** A quote of the user, unexpired, of its UTC day, unused: spent now; its loans locked and as quoted. */
  private async spendQuote(m: MoneyStep, userId: number, kind: 'one' | 'all', quoteId: string) {
    const quote = await loanRepo.lockQuote(m.tx, quoteId);
    if (!quote || quote.userId !== userId || quote.kind !== kind) throw new AppError('LOAN_QUOTE_INVALID');
    if (quote.usedAt) throw new AppError('LOAN_QUOTE_USED');
    if (quote.expiresAt <= m.now || quote.day !== utcDay(m.now.getTime())) throw new AppError('LOAN_QUOTE_INVALID');
    const rows = await loanRepo.open(
      m.tx,
      userId,
      true,
      quote.items.map((i) => i.loanId),
    );
    const unchanged = quote.items.every((i) =>
      rows.some(
        (r) =>
          r.id === i.loanId &&
          r.principal.toString() === i.principal &&
          r.interestCarried.toString() === i.interestCarried &&
          r.accruedThroughDay === i.accruedThroughDay,
      ),
    );
    if (!unchanged) throw new AppError('LOAN_QUOTE_STALE');
    await loanRepo.useQuote(m.tx, quote.id, m.now);
    return { quote, rows };
  }

  /** Pay-all without a quote: every open loan (of the oldest one's coin) at today's figures, recorded as a spent quote. */
  private async todaysQuote(m: MoneyStep, userId: number) {
    const open = await loanRepo.open(m.tx, userId, true);
    if (!open.length) throw new AppError('LOAN_NOTHING_TO_PAY');
    const rows = open.filter((r) => r.currency === open[0]!.currency);
    const items = rows.map((r) => this.payoff(r, m.now).item);
    const quote = {
      id: crypto.randomBytes(16).toString('base64url'),
      userId,
      kind: 'all',
      currency: rows[0]!.currency,
      items,
      total: items.reduce((s, i) => s + BigInt(i.pay), 0n),
      day: utcDay(m.now.getTime()),
      createdAt: m.now,
      expiresAt: m.now,
      usedAt: m.now,
    };
    await loanRepo.insertQuote(m.tx, quote);
    return { quote, rows };
  }

  // ----- the back office ------------------------------------------------------------------------

  /** Housekeeping (engine role): pay-off quotes never paid, a day after they expired. */
  purgeQuotes(): Promise<number> {
    return loanRepo.purgeQuotes(this.ctx.db, new Date(this.ctx.clock.now().getTime() - DAY_MS));
  }

  /**
   * The due-date reminders' pass (engine role): `loan.due_soon` once a loan is due within a day
   * (DUE_SOON_MS before its due moment), `loan.overdue` once it is past due — each exactly once per
   * loan, the marker being the notice itself (loanRepo.owedReminder), also for a loan that came
   * due during downtime (then only `loan.overdue`: "due soon" is no longer true). One transaction
   * under an advisory lock, so two engines never both write one reminder. Answers how many were written.
   */
  async remindDue(batch = 500): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      await loanRepo.lockReminders(tx);
      const now = this.ctx.clock.now();
      const passes = [
        { kind: 'loan.overdue', after: null, by: new Date(now.getTime() - 1) },
        { kind: 'loan.due_soon', after: now, by: new Date(now.getTime() + DUE_SOON_MS) },
      ];
      let written = 0;
      for (const p of passes) {
        for (;;) {
          const rows = await loanRepo.owedReminder(tx, p.kind, p.after, p.by, batch);
          for (const r of rows) {
            const scale = assetOf(r.currency)!.scale;
            await notifyUser(tx, r.userId, p.kind, now, {
              id: r.publicId,
              amount: formatAmount(r.amount, scale),
              toPay: formatAmount(loanDue(balanceOf(r), now.getTime()).total, scale),
              currency: r.currency,
              dueAt: r.dueAt!.getTime(),
            });
          }
          written += rows.length;
          if (rows.length < batch) break;
        }
      }
      return written;
    });
  }

  async pendingSummary(): Promise<{ pending: number; oldestAt: number | null }> {
    const { pending, oldestAt } = await loanRepo.pendingSummary(this.ctx.db);
    return { pending, oldestAt: oldestAt?.getTime() ?? null };
  }

  private adminProductView(p: LoanProductRow): AdminLoanProduct {
    return { ...this.productView(p), names: p.names, rules: p.rules, updatedAt: p.updatedAt.getTime() };
  }

  async adminProducts(): Promise<AdminLoanProduct[]> {
    await this.ensureProducts();
    return (await loanRepo.products(this.ctx.db, false)).map((p) => this.adminProductView(p));
  }

  /**
   * Creates or changes a product; audited with before and after. Loans copied their terms when
   * they were applied for, so a change never alters an existing loan.
   */
  async saveProduct(actor: AuditActor, body: LoanProductSave): Promise<AdminLoanProduct> {
    await this.ensureProducts();
    const asset = assetOf(body.currency);
    if (!asset) throw new AppError('PRODUCT_SETTING_INVALID');
    const rules = Object.fromEntries(
      Object.entries(body.rules)
        .map(([k, v]) => [k, (v ?? '').trim()])
        .filter(([, v]) => v),
    );
    if (!rules.en) throw new AppError('LOAN_RULES_REQUIRED');
    const minAmount = parseAmount(body.minAmount, asset.scale);
    const maxAmount = parseAmount(body.maxAmount, asset.scale);
    const dailyRate = parseRate(body.dailyRate);
    const lateDailyRate = parseRate(body.lateDailyRate);
    if (dailyRate === null || lateDailyRate === null) throw new AppError('RATE_INVALID');
    if (minAmount === null || maxAmount === null || minAmount <= 0n || minAmount > maxAmount || maxAmount > 10n ** 17n)
      throw new AppError('PRODUCT_SETTING_INVALID');
    const name = body.name.trim();
    if (!name) throw new AppError('PRODUCT_SETTING_INVALID');
    const now = this.ctx.clock.now();
    const fields = {
      name,
      names: cleanProductNames(body.names),
      currency: asset.symbol,
      minAmount,
      maxAmount,
      periodDays: body.periodDays,
      dailyRate,
      lateDailyRate,
      rules,
      enabled: body.enabled,
      updatedAt: now,
      updatedBy: actor.operatorId,
    };
    const saved = await this.ctx.db.transaction(async (tx) => {
      const before = body.id === undefined ? undefined : await loanRepo.product(tx, body.id);
      if (body.id !== undefined && !before) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
      const row = before
        ? await loanRepo.updateProduct(tx, before.id, fields)
        : await loanRepo.insertProduct(tx, { ...fields, createdAt: now });
      const text = (p: LoanProductRow) => ({
        ...this.productView(p),
        names: p.names,
        rulesLangs: Object.keys(p.rules).sort(),
      });
      await this.deps.audit.write(tx, actor, {
        action: before ? 'loan_product.update' : 'loan_product.create',
        targetType: 'loan_product',
        targetId: row.id,
        ...(before ? { before: text(before) } : {}),
        after: text(row),
      });
      return row;
    });
    return this.adminProductView(saved);
  }

  async adminList(q: AdminLoanQuery): Promise<AdminLoanList> {
    const { page, size, userId } = await adminListScope(this.ctx.db, q);
    if (userId === null) return { items: [], page, size, total: 0, totalCapped: false };
    const { rows, total, totalCapped } = await loanRepo.adminPage(
      this.ctx.db,
      { state: q.state ?? 'pending', userId },
      page,
      size,
      ADMIN_LIST_COUNT_CAP,
    );
    return { items: await this.adminViews(rows), page, size, total, totalCapped };
  }

  /** One loan as the back office sees it; the read is audited (it shows a user's application). */
  async adminDetail(actor: AuditActor, id: number): Promise<AdminLoan> {
    const { rows } = await loanRepo.adminPage(this.ctx.db, { state: 'pending', id }, 1, 1, 1);
    if (!rows.length) throw new AppError('LOAN_NOT_FOUND');
    await this.deps.audit.write(this.ctx.db, actor, { action: 'loan.read', targetType: 'loan', targetId: id });
    return (await this.adminViews(rows))[0]!;
  }

  private async adminViews(rows: { l: LoanRow; uid: string }[]): Promise<AdminLoan[]> {
    const now = this.ctx.clock.now();
    const [approvals, kyc, loans] = await Promise.all([
      loanRepo.approvals(
        this.ctx.db,
        rows.map((r) => r.l.id),
      ),
      this.deps.kyc.statesOf(rows.map((r) => r.l.userId)),
      this.views(
        rows.map((r) => r.l),
        now,
      ),
    ]);
    const emails = await operatorEmails(this.ctx.db, [
      ...approvals.map((a) => a.operatorId),
      ...rows.flatMap((r) => (r.l.decidedBy === null ? [] : [r.l.decidedBy])),
    ]);
    const approvedBy = (loanId: number) =>
      approvals.filter((a) => a.loanId === loanId).map((a) => emails.get(a.operatorId) ?? '');
    return rows.map(({ l, uid }, i) => ({
      ...loans[i]!,
      internalId: l.id,
      uid,
      kycLevel: kyc.get(l.userId) ?? 'not_started',
      review: l.review as AdminLoan['review'],
      valueUsdt: formatAmount(l.valueUsdt, USDT_SCALE),
      photoCount: l.photos.length,
      approvedBy: approvedBy(l.id),
      approvalsNeeded: l.approvalsNeeded,
      decidedBy: l.decidedBy === null ? null : (emails.get(l.decidedBy) ?? null),
    }));
  }

  /** One document photo of an application, for an operator; the view is audited before the bytes are read. */
  async photo(actor: AuditActor, id: number, index: number): Promise<{ data: Buffer; mime: string }> {
    const row = await loanRepo.loanById(this.ctx.db, id);
    const name = row?.photos[index];
    if (!row || name === undefined) throw new AppError('LOAN_NOT_FOUND');
    await this.deps.audit.write(this.ctx.db, actor, {
      action: 'loan.photo.read',
      targetType: 'loan',
      targetId: id,
      after: { index },
    });
    return this.deps.files.readForReview(name);
  }

  /**
   * An operator's decision on an application waiting for review, audited in the same transaction.
   * A rejection needs a reason. An approval counts once per operator; with as many as the loan
   * needs (two different operators under four eyes) the amount is paid out of the loan book into
   * the user's currency wallet in the same money command, and the loan's period starts that UTC day.
   */
  async decide(actor: AuditActor, body: LoanDecideBody): Promise<AdminLoan> {
    if (actor.operatorId === null) throw new AppError('SESSION_EXPIRED');
    const operatorId = actor.operatorId;
    if (!body.approve && !body.reason) throw new AppError('LOAN_REASON_REQUIRED');
    await this.deps.money.run({
      userId: null,
      step: async (m) => {
        const row = await loanRepo.lock(m.tx, body.id);
        if (!row) throw new AppError('LOAN_NOT_FOUND');
        if (row.state !== 'pending') throw new AppError('LOAN_ALREADY_DECIDED');
        const money = (v: bigint) => formatAmount(v, assetOf(row.currency)!.scale);
        let after: Record<string, unknown>;
        if (body.approve) {
          const { added, approvals } = await loanRepo.approve(m.tx, row.id, operatorId, m.now);
          if (!added) throw new AppError('APPROVAL_SAME_OPERATOR');
          if (approvals >= row.approvalsNeeded) {
            await this.disburse(m, row, operatorId);
            after = { state: 'approved', approvals, approvalsNeeded: row.approvalsNeeded };
          } else {
            await loanRepo.update(m.tx, row.id, { updatedAt: m.now });
            after = { state: 'pending', approvals, approvalsNeeded: row.approvalsNeeded };
          }
        } else {
          const note = body.note?.trim() || null;
          await loanRepo.update(m.tx, row.id, {
            state: 'rejected',
            rejectedAt: m.now,
            rejectReason: body.reason!,
            rejectNote: note,
            decidedBy: operatorId,
            updatedAt: m.now,
          });
          await notifyUser(m.tx, row.userId, 'loan.rejected', m.now, { id: row.publicId, reason: body.reason, note });
          after = { state: 'rejected', reason: body.reason, note };
        }
        await this.deps.audit.write(m.tx, actor, {
          action: body.approve ? 'loan.approve' : 'loan.reject',
          targetType: 'loan',
          targetId: row.id,
          before: { state: row.state, review: row.review, amount: money(row.amount), currency: row.currency },
          after,
        });
      },
    });
    const { rows } = await loanRepo.adminPage(this.ctx.db, { state: 'pending', id: body.id }, 1, 1, 1);
    return (await this.adminViews(rows))[0]!;
  }

  /**
   * Pays an approved loan out: `loan_disburse` from the loan book into the currency wallet (real).
   * The period starts on the UTC day of approval; it is due by the last moment of its last regular
   * day, `dayStart(startDay + periodDays) − 1` ms; from the next 00:00 UTC the late rate applies.
   */
  private async disburse(m: MoneyStep, row: LoanRow, operatorId: number): Promise<void> {
    const balance = newLoanBalance(row.amount, row.dailyRate, row.lateDailyRate, row.periodDays, m.now.getTime());
    const disburseTxId = await m.post({
      kind: 'loan_disburse',
      reference: `loan:${row.publicId}`,
      mode: 'real',
      postings: [
        { account: systemAccount('real', 'loan_book', row.currency), amount: -row.amount },
        { account: userAccount(row.userId, 'real', 'currency', row.currency), amount: row.amount },
      ],
    });
    await loanRepo.update(m.tx, row.id, {
      state: 'approved',
      approvedAt: m.now,
      decidedBy: operatorId,
      disburseTxId,
      startDay: balance.startDay,
      dueAt: new Date(dayStart(loanDueDay(balance)) - 1),
      principal: balance.principal,
      interestCarried: 0n,
      accruedThroughDay: balance.accruedThroughDay,
      updatedAt: m.now,
    });
    await notifyUser(m.tx, row.userId, 'loan.approved', m.now, {
      id: row.publicId,
      amount: formatAmount(row.amount, assetOf(row.currency)!.scale),
      currency: row.currency,
    });
  }
}
