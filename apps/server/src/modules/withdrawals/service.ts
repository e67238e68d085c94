import crypto from 'node:crypto';
import {
  ADMIN_LIST_COUNT_CAP,
  DEPOSIT_CHAINS,
  QUOTE_ASSET,
  WITHDRAW_QUOTE_TTL_SECONDS,
  assetOf,
  formatAmount,
  parseAmount,
  pow10,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type AdminWithdrawalQuery,
  type AssetDef,
  type DepositChainId,
  type LedgerKind,
  type WithdrawCancelBody,
  type WithdrawConfirmBody,
  type WithdrawCreateBody,
  type WithdrawDecideBody,
  type WithdrawFeeInfo,
  type WithdrawFeeQuery,
  type WithdrawListQuery,
  type WithdrawLockReason,
  type WithdrawQuote,
  type WithdrawReview,
  type WithdrawRiskFlag,
  type WithdrawSetting,
  type WithdrawSettingRow,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawalState,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import type { DepositRouteConfig } from '../../config';
import {
  systemAccount,
  userAccount,
  type LedgerReads,
  type MoneyCommands,
  type MoneyRequest,
  type MoneyStep,
} from '../ledger';
import { adminListScope, userRepo, type UserRecord as WithdrawUser } from '../users';
import { assetOrThrow, positiveAmount, valueAt, type ReferencePrices } from '../wallet';
import { vipWithdrawFee, vipWithdrawLimit, type TierBenefits, type VipBenefitsOf } from '../vip';
import type { FundPasswordCheck } from './address-book';
import { WithdrawalAvailability } from './availability';
import {
  withdrawalRepo,
  type WithdrawAddressRow,
  type WithdrawSettingRow as SettingRow,
  type WithdrawalRow,
} from './repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A security change within this many days flags a withdrawal for review (beyond the lock that refuses it). */
const RISK_SECURITY_CHANGE_DAYS = 7;
/** A deposit within this many days with no trade since flags a withdrawal for review. */
const RISK_DEPOSIT_DAYS = 7;
const TRADE_KINDS: readonly LedgerKind[] = [
  'otc_buy',
  'otc_sell',
  'otc_flash',
  'spot_buy',
  'spot_sell',
  'spot_escrow',
  'contract_open',
];
const USDT_SCALE = assetOf(QUOTE_ASSET)!.scale;

/** The defaults operators start from, per coin × chain (decimal text in the coin). */
const SETTING_DEFAULTS: Readonly<Record<string, { fee: string; min: string; max: string; daily: string }>> = {
  'ETH:ethereum': { fee: '0.003', min: '0.01', max: '100', daily: '200' },
  'USDT:ethereum': { fee: '5', min: '20', max: '100000', daily: '200000' },
  'USDC:ethereum': { fee: '5', min: '20', max: '100000', daily: '200000' },
  'USDT:tron': { fee: '1', min: '20', max: '100000', daily: '200000' },
  'BTC:bitcoin': { fee: '0.0002', min: '0.001', max: '10', daily: '20' },
};

/** `date` plus `months` calendar months (the day clamped to the target month's last day), UTC. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

interface Guard {
  user: WithdrawUser;
  lockedUntil: Date | null;
  lockReason: WithdrawLockReason | null;
  feeWaivedUntil: Date | null;
}

/**
 * Withdrawals (docs/product.md §2 "Withdraw", §3, §5, §6, §7; docs/withdrawals.md): a quote, then a confirm
 * that moves the amount to escrow (the currency account's frozen balance) in one money command;
 * the rules or operators approve it; the signer sends it and, once confirmed on chain, `complete`
 * pays it out of escrow — or `fail`, a rejection or a cancel returns it. The fee is inside the
 * amount, deducted as quoted, and nothing else is ever asked of the user to get their money out.
 */
export class WithdrawalService {
  private seeded: Promise<void> | null = null;
  private readonly signerChains: ReadonlySet<DepositChainId>;
  /** Why a coin × chain cannot be withdrawn now, and since when (docs/withdrawals.md "Availability"). */
  readonly availability: WithdrawalAvailability;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      money: MoneyCommands;
      ledger: LedgerReads;
      prices: ReferencePrices;
      audit: AuditLog;
      users: FundPasswordCheck;
      routes: readonly DepositRouteConfig[];
      signerChains: readonly DepositChainId[];
      /** The user's VIP tier: a lower fee and higher limits (docs/vip.md). */
      tiers: TierBenefits;
    },
  ) {
    this.signerChains = new Set(deps.signerChains);
    this.availability = new WithdrawalAvailability(ctx, { routes: deps.routes, signerChains: deps.signerChains });
  }

  // ----- settings -------------------------------------------------------------------------------

  /** The settings table with a row for every catalogued route (defaults written once, at first use). */
  private ensureSettings(): Promise<void> {
    this.seeded ??= withdrawalRepo
      .seedSettings(
        this.ctx.db,
        this.deps.routes.map((r) => {
          const a = assetOf(r.symbol)!;
          const d = SETTING_DEFAULTS[`${r.symbol}:${r.chain}`];
          const minor = (text: string) => parseAmount(text, a.scale)!;
          const min = d ? minor(d.min) : r.minDeposit > 0n ? r.minDeposit : 1n;
          const max = d ? minor(d.max) : min * 1_000_000n;
          return {
            symbol: r.symbol,
            chain: r.chain,
            fee: d ? minor(d.fee) : 0n,
            minAmount: min,
            maxAmount: max,
            dailyLimit: d ? minor(d.daily) : max * 2n,
            enabled: r.enabled,
            updatedAt: this.ctx.clock.now(),
            updatedBy: null,
          };
        }),
      )
      .catch((err: unknown) => {
        this.seeded = null;
        throw err;
      });
    return this.seeded;
  }

  private route(symbol: string, chain: DepositChainId): { asset: AssetDef; route: DepositRouteConfig } {
    const asset = assetOrThrow(symbol);
    const route = this.deps.routes.find((r) => r.symbol === symbol && r.chain === chain);
    if (!route) throw new AppError('DEPOSIT_CHAIN_UNKNOWN');
    return { asset, route };
  }

  private async setting(symbol: string, chain: DepositChainId, db: DbOrTx = this.ctx.db): Promise<SettingRow> {
    await this.ensureSettings();
    const row = await withdrawalRepo.setting(db, symbol, chain);
    if (!row) throw new AppError('DEPOSIT_CHAIN_UNKNOWN');
    return row;
  }

  private available(route: DepositRouteConfig, setting: SettingRow): boolean {
    return this.availability.reason(route, setting) === null;
  }

  /**
   * One check of the chains withdrawals are sent on (jobs.ts "withdrawal availability"): the node,
   * its newest block, the hot wallet against each route's smallest payout and gas.
   */
  async checkAvailability(): Promise<void> {
    await this.availability.probeOnce(async (symbol, chain) => {
      const s = await this.setting(symbol, chain);
      return { enabled: s.enabled, updatedAt: s.updatedAt, smallestPayout: s.minAmount - s.fee };
    });
  }

  async settings(): Promise<WithdrawSettingRow[]> {
    await this.ensureSettings();
    const rows = await withdrawalRepo.settings(this.ctx.db);
    const emails = await withdrawalRepo.operatorEmails(
      this.ctx.db,
      rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])),
    );
    return rows
      .filter((r) => this.deps.routes.some((x) => x.symbol === r.symbol && x.chain === r.chain))
      .map((r) => this.settingView(r, emails));
  }

  /** An admin's change of a coin × chain's fee, limits or switch; audited with before and after. */
  async updateSetting(actor: AuditActor, body: WithdrawSetting): Promise<WithdrawSettingRow> {
    const { asset } = this.route(body.currency, body.chainType);
    const amount = (text: string, zeroOk: boolean) => {
      const v = parseAmount(text, asset.scale);
      if (v === null || (!zeroOk && v === 0n)) throw new AppError('AMOUNT_INVALID');
      return v;
    };
    const next = {
      symbol: asset.symbol,
      chain: body.chainType,
      fee: amount(body.fee, true),
      minAmount: amount(body.minAmount, false),
      maxAmount: amount(body.maxAmount, false),
      dailyLimit: amount(body.dailyLimit, false),
      enabled: body.enabled,
      updatedAt: this.ctx.clock.now(),
      updatedBy: actor.operatorId,
    };
    if (!(next.fee < next.minAmount && next.minAmount <= next.maxAmount && next.maxAmount <= next.dailyLimit))
      throw new AppError('WITHDRAW_SETTING_INVALID');
    const before = await this.setting(asset.symbol, body.chainType);
    const saved = await this.ctx.db.transaction(async (tx) => {
      const row = await withdrawalRepo.updateSetting(tx, next);
      const text = (r: SettingRow) => ({
        fee: formatAmount(r.fee, asset.scale),
        minAmount: formatAmount(r.minAmount, asset.scale),
        maxAmount: formatAmount(r.maxAmount, asset.scale),
        dailyLimit: formatAmount(r.dailyLimit, asset.scale),
        enabled: r.enabled,
      });
      await this.deps.audit.write(tx, actor, {
        action: 'withdraw_setting.update',
        targetType: 'withdraw_setting',
        targetId: `${asset.symbol}:${body.chainType}`,
        before: text(before),
        after: text(row!),
      });
      return row!;
    });
    return this.settingView(
      saved,
      await withdrawalRepo.operatorEmails(this.ctx.db, actor.operatorId === null ? [] : [actor.operatorId]),
    );
  }

  private settingView(r: SettingRow, emails: Map<number, string>): WithdrawSettingRow {
    const scale = assetOf(r.symbol)!.scale;
    return {
      currency: r.symbol,
      chainType: r.chain as DepositChainId,
      fee: formatAmount(r.fee, scale),
      minAmount: formatAmount(r.minAmount, scale),
      maxAmount: formatAmount(r.maxAmount, scale),
      dailyLimit: formatAmount(r.dailyLimit, scale),
      enabled: r.enabled,
      signer: this.signerChains.has(r.chain as DepositChainId),
      updatedAt: r.updatedAt.getTime(),
      updatedBy: r.updatedBy === null ? null : (emails.get(r.updatedBy) ?? null),
    };
  }

  // ----- the user's side ------------------------------------------------------------------------

  /** What stands between the user and a withdrawal now: the security lock, and the fee waiver's end. */
  private async guard(db: DbOrTx, userId: number, now: Date, lock = false): Promise<Guard> {
    // The users module reads it, under its lock when asked: one user's confirms go one at a time.
    // FOR NO KEY UPDATE, as every per-user lock on `users`, so two keyed confirms cannot deadlock
    // (docs/decisions/0129-per-user-locks-for-no-key-update.md).
    const user = await userRepo.stored(db, userId, lock);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const lockEnd = user.securityChangedAt
      ? new Date(user.securityChangedAt.getTime() + this.ctx.config.withdrawals.securityLockHours * HOUR_MS)
      : null;
    const locked = lockEnd !== null && lockEnd > now;
    const waiverEnd = addMonths(user.createdAt, this.ctx.config.withdrawals.feeFreeMonths);
    return {
      user,
      lockedUntil: locked ? lockEnd : null,
      lockReason: locked ? ((user.securityChange as WithdrawLockReason | null) ?? 'password') : null,
      feeWaivedUntil: waiverEnd > now ? waiverEnd : null,
    };
  }

  private dailyUsed(db: DbOrTx, userId: number, symbol: string, now: Date): Promise<bigint> {
    return withdrawalRepo.withdrawnSince(db, userId, symbol, new Date(now.getTime() - DAY_MS));
  }

  async fee(userId: number, q: WithdrawFeeQuery): Promise<WithdrawFeeInfo> {
    const { asset, route } = this.route(q.currency, q.chainType);
    const setting = await this.setting(asset.symbol, route.chain);
    const now = this.ctx.clock.now();
    const [g, used, balance, tier] = await Promise.all([
      this.guard(this.ctx.db, userId, now),
      this.dailyUsed(this.ctx.db, userId, asset.symbol, now),
      this.deps.ledger.balance(this.ctx.db, userAccount(userId, 'real', 'currency', asset.symbol)),
      this.deps.tiers.benefitsOf(userId),
    ]);
    const money = (v: bigint) => formatAmount(v, asset.scale);
    const chain = DEPOSIT_CHAINS[route.chain];
    const terms = tierTerms(setting, tier, asset);
    return {
      currency: asset.symbol,
      chainType: chain.id,
      chainName: chain.name,
      protocol: chain.protocol,
      available: this.available(route, setting),
      unavailable: this.availability.reason(route, setting),
      fee: money(g.feeWaivedUntil ? 0n : terms.fee),
      standardFee: money(setting.fee),
      vipLevel: tier.level,
      feeWaived: g.feeWaivedUntil !== null,
      feeWaivedUntil: g.feeWaivedUntil?.getTime() ?? null,
      minAmount: money(setting.minAmount),
      maxAmount: money(terms.maxAmount),
      dailyLimit: money(terms.dailyLimit),
      dailyRemaining: money(used >= terms.dailyLimit ? 0n : terms.dailyLimit - used),
      balance: money(balance),
      amountDecimals: asset.amountDecimals,
      fundPasswordSet: g.user.fundPasswordHash !== null,
      lockedUntil: g.lockedUntil?.getTime() ?? null,
      lockReason: g.lockReason,
      frozen: g.user.withdrawalsFrozenAt !== null,
    };
  }

  /**
   * Everything a withdrawal must pass, at the create step and again inside the confirm's
   * transaction (a setting, the lock or the address may have changed in between): the answer is
   * the fee to take, and the user (locked in the confirm's transaction: one user's confirms go one
   * at a time, so two cannot both pass the daily limit).
   */
  private async check(
    db: DbOrTx,
    userId: number,
    symbol: string,
    chain: DepositChainId,
    address: WithdrawAddressRow | undefined,
    amount: bigint,
    now: Date,
    tier: VipBenefitsOf,
    lock = false,
  ) {
    const { asset, route } = this.route(symbol, chain);
    const setting = await this.setting(symbol, chain, db);
    const terms = tierTerms(setting, tier, asset);
    if (!this.available(route, setting)) throw new AppError('WITHDRAW_NOT_AVAILABLE');
    const g = await this.guard(db, userId, now, lock);
    if (g.user.withdrawalsFrozenAt) throw new AppError('WITHDRAW_FROZEN');
    if (g.lockedUntil) throw new AppError('WITHDRAW_SECURITY_LOCK', { until: g.lockedUntil.toISOString() });
    if (!g.user.fundPasswordHash) throw new AppError('FUND_PASSWORD_NOT_SET');
    if (
      !address ||
      address.userId !== userId ||
      address.deletedAt ||
      address.symbol !== symbol ||
      address.chain !== chain
    )
      throw new AppError('ADDRESS_NOT_FOUND');
    if (address.usableFrom > now)
      throw new AppError('WITHDRAW_ADDRESS_HOLDING', { until: address.usableFrom.toISOString() });
    const money = (v: bigint) => formatAmount(v, asset.scale, asset.amountDecimals);
    if (amount % pow10(asset.scale - asset.amountDecimals) !== 0n)
      throw new AppError('WITHDRAW_AMOUNT_PRECISION', { decimals: asset.amountDecimals });
    if (amount < setting.minAmount)
      throw new AppError('WITHDRAW_BELOW_MIN', { min: money(setting.minAmount), currency: symbol });
    if (amount > terms.maxAmount)
      throw new AppError('WITHDRAW_ABOVE_MAX', { max: money(terms.maxAmount), currency: symbol });
    const used = await this.dailyUsed(db, userId, symbol, now);
    if (used + amount > terms.dailyLimit) {
      throw new AppError('WITHDRAW_DAILY_LIMIT', {
        remaining: money(used >= terms.dailyLimit ? 0n : terms.dailyLimit - used),
        currency: symbol,
      });
    }
    const feeWaived = g.feeWaivedUntil !== null;
    return { fee: feeWaived ? 0n : terms.fee, feeWaived, address, user: g.user };
  }

  /** The create step: checks everything and quotes the fee and the expected receipt; nothing moves. */
  async create(req: Pick<MoneyRequest, 'userId' | 'mode'>, body: WithdrawCreateBody): Promise<WithdrawQuote> {
    if (req.mode !== 'real') throw new AppError('WITHDRAW_REAL_ONLY');
    const { asset, route } = this.route(body.currency, body.chainType);
    const amount = positiveAmount(body.amount, asset);
    const now = this.ctx.clock.now();
    const { fee, feeWaived, address } = await this.check(
      this.ctx.db,
      req.userId,
      asset.symbol,
      route.chain,
      await withdrawalRepo.address(this.ctx.db, req.userId, body.addressId),
      amount,
      now,
      await this.deps.tiers.benefitsOf(req.userId),
    );
    const balance = await this.deps.ledger.balance(
      this.ctx.db,
      userAccount(req.userId, 'real', 'currency', asset.symbol),
    );
    if (balance < amount) throw new AppError('BALANCE_NOT_ENOUGH');
    const quoteId = crypto.randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + WITHDRAW_QUOTE_TTL_SECONDS * 1000);
    await withdrawalRepo.insertQuote(this.ctx.db, {
      id: quoteId,
      userId: req.userId,
      addressId: address.id,
      symbol: asset.symbol,
      chain: route.chain,
      amount,
      fee,
      feeWaived,
      createdAt: now,
      expiresAt,
    });
    const chain = DEPOSIT_CHAINS[route.chain];
    return {
      quoteId,
      expiresAt: expiresAt.getTime(),
      validSeconds: WITHDRAW_QUOTE_TTL_SECONDS,
      currency: asset.symbol,
      chainType: chain.id,
      chainName: chain.name,
      protocol: chain.protocol,
      address: address.address,
      nickname: address.nickname,
      amount: formatAmount(amount, asset.scale),
      fee: formatAmount(fee, asset.scale),
      feeWaived,
      receive: formatAmount(amount - fee, asset.scale),
    };
  }

  /**
   * The confirm step: the fund password (throttled), then one money command that uses the quote,
   * checks again, moves the amount to escrow, records the withdrawal and applies the review rules.
   * A retry with the same `Idempotency-Key` answers the first result; the quote is good once.
   */
  async confirm(req: MoneyRequest, body: WithdrawConfirmBody): Promise<Withdrawal> {
    if (req.mode !== 'real') throw new AppError('WITHDRAW_REAL_ONLY');
    const found = await withdrawalRepo.quote(this.ctx.db, body.quoteId);
    if (!found || found.userId !== req.userId) throw new AppError('WITHDRAW_QUOTE_INVALID');
    await this.deps.users.checkFundPassword(req.userId, body.fundPassword);
    await this.ensureSettings();
    // The tier's limits, read before the transaction (its figures come from other modules' reads);
    // its fee is already in the quote, which binds.
    const tier = await this.deps.tiers.benefitsOf(req.userId);
    return this.deps.money.request(req, async (m) => {
      const quote = await withdrawalRepo.useQuote(m.tx, body.quoteId, req.userId, m.now);
      if (!quote)
        throw new AppError(
          found.usedAt || (await withdrawalRepo.quote(m.tx, body.quoteId))?.usedAt
            ? 'WITHDRAW_QUOTE_USED'
            : 'WITHDRAW_QUOTE_EXPIRED',
        );
      const chain = quote.chain as DepositChainId;
      const { address, user } = await this.check(
        m.tx,
        req.userId,
        quote.symbol,
        chain,
        await withdrawalRepo.addressById(m.tx, quote.addressId),
        quote.amount,
        m.now,
        tier,
        true,
      );
      // The fee as quoted, exactly: the quote binds. A waiver that ended, a fee or a VIP tier that
      // changed in between neither raises nor lowers it (docs/withdrawals.md "Create and confirm").
      const takenFee = quote.fee;
      const review = await this.review(m.tx, user, quote.symbol, quote.amount, address.id, address.createdAt, m.now);
      const escrowTxId = await m.post({
        kind: 'withdraw_escrow',
        reference: `withdraw_quote:${quote.id}`,
        postings: [
          { account: userAccount(req.userId, 'real', 'currency', quote.symbol), amount: -quote.amount },
          { account: userAccount(req.userId, 'real', 'currency_frozen', quote.symbol), amount: quote.amount },
        ],
      });
      const approved = review.review === 'auto';
      const row = await withdrawalRepo.insert(m.tx, {
        userId: req.userId,
        quoteId: quote.id,
        addressId: address.id,
        symbol: quote.symbol,
        chain,
        address: address.address,
        nickname: address.nickname,
        amount: quote.amount,
        fee: takenFee,
        valueUsdt: review.valueUsdt,
        state: approved ? 'approved' : 'processing',
        review: review.review,
        riskFlags: review.flags,
        approvalsNeeded: review.review === 'four_eyes' ? 2 : review.review === 'manual' ? 1 : 0,
        escrowTxId,
        requiredConfirmations: this.route(quote.symbol, chain).route.confirmations,
        createdAt: m.now,
        updatedAt: m.now,
        decidedAt: approved ? m.now : null,
      });
      if (approved) {
        await this.deps.audit.write(m.tx, RULES_ACTOR, {
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: row.id,
          after: {
            state: 'approved',
            review: 'auto',
            amount: formatAmount(row.amount, assetOf(row.symbol)!.scale),
            currency: row.symbol,
          },
        });
      }
      return this.view(row);
    });
  }

  /**
   * The review rules (docs/withdrawals.md "Review"): worth at least WITHDRAW_FOUR_EYES_USDT → two
   * operators; worth at least WITHDRAW_AUTO_APPROVE_USDT or with any risk flag → one operator;
   * otherwise approved by the rules. A coin with no price now is valued as large.
   */
  private async review(
    tx: Tx,
    user: WithdrawUser,
    symbol: string,
    amount: bigint,
    addressId: number,
    addressAt: Date,
    now: Date,
  ) {
    const userId = user.id;
    const { autoApproveUsdt, fourEyesUsdt } = this.ctx.config.withdrawals;
    const price = this.deps.prices.of(symbol);
    const valueUsdt = price ? valueAt(amount, assetOf(symbol)!.scale, price, USDT_SCALE) : null;
    const usdt = (n: number) => BigInt(n) * pow10(USDT_SCALE);
    const flags: WithdrawRiskFlag[] = [];
    const sent = await withdrawalRepo.sent(tx, userId, addressId);
    if (!sent.toAddress && now.getTime() - addressAt.getTime() < RISK_SECURITY_CHANGE_DAYS * DAY_MS)
      flags.push('new_address');
    if (user.securityChangedAt && now.getTime() - user.securityChangedAt.getTime() < RISK_SECURITY_CHANGE_DAYS * DAY_MS)
      flags.push('security_change');
    if (!sent.any) flags.push('first_withdrawal');
    const latest = await this.deps.ledger.latestOfKinds(
      tx,
      userId,
      'real',
      ['deposit', ...TRADE_KINDS],
      new Date(now.getTime() - RISK_DEPOSIT_DAYS * DAY_MS),
    );
    const deposit = latest.get('deposit');
    if (deposit && !TRADE_KINDS.some((k) => (latest.get(k)?.getTime() ?? 0) > deposit.getTime()))
      flags.push('deposit_not_traded');
    if (valueUsdt === null || valueUsdt >= usdt(autoApproveUsdt)) flags.push('large_amount');
    const review: WithdrawReview =
      valueUsdt === null || valueUsdt >= usdt(fourEyesUsdt) ? 'four_eyes' : flags.length ? 'manual' : 'auto';
    return { valueUsdt: valueUsdt ?? 0n, flags, review };
  }

  /** The user cancels a withdrawal still waiting for review: its escrow comes back. */
  async cancel(req: MoneyRequest, body: WithdrawCancelBody): Promise<Withdrawal> {
    if (req.mode !== 'real') throw new AppError('WITHDRAW_REAL_ONLY');
    return this.deps.money.request(req, async (m) => {
      const row = await withdrawalRepo.lock(m.tx, { userId: req.userId, publicId: body.id });
      if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
      if (row.state !== 'processing') throw new AppError('WITHDRAWAL_NOT_CANCELLABLE');
      return this.view(await this.giveBack(m, row, 'cancelled', {}));
    });
  }

  /** Cancels every withdrawal of the user still waiting for review (withdrawals frozen by the user). */
  async cancelAllProcessing(userId: number, note: string): Promise<number> {
    return this.deps.money.run({
      userId,
      mode: 'real',
      step: async (m) => {
        const rows = await withdrawalRepo.processingOf(m.tx, userId);
        for (const row of rows) await this.giveBack(m, row, 'cancelled', { note });
        return rows.length;
      },
    });
  }

  /** Returns a withdrawal's escrow to the available balance and ends it in `state`. */
  private async giveBack(
    m: MoneyStep,
    row: WithdrawalRow,
    state: Extract<WithdrawalState, 'cancelled' | 'rejected' | 'failed'>,
    patch: Partial<WithdrawalRow>,
  ): Promise<WithdrawalRow> {
    const finalTxId = await m.post({
      kind: 'withdraw_return',
      reference: `withdrawal:${row.publicId}`,
      mode: 'real',
      postings: [
        { account: userAccount(row.userId, 'real', 'currency_frozen', row.symbol), amount: -row.amount },
        { account: userAccount(row.userId, 'real', 'currency', row.symbol), amount: row.amount },
      ],
    });
    const ended = await withdrawalRepo.update(m.tx, row.id, { ...patch, state, finalTxId, updatedAt: m.now });
    await withdrawalRepo.notify(m.tx, ended, m.now, {
      amount: formatAmount(row.amount, assetOf(row.symbol)!.scale),
      reason: ended.rejectReason,
      note: ended.note,
    });
    return ended;
  }

  async list(userId: number, q: WithdrawListQuery): Promise<WithdrawalPage> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    if (q.currency !== undefined) assetOrThrow(q.currency);
    const { rows, total } = await withdrawalRepo.page(
      this.ctx.db,
      userId,
      { symbol: q.currency, state: q.state },
      page,
      size,
    );
    return { items: rows.map((r) => this.view(r)), page, size, total };
  }

  private view(r: WithdrawalRow): Withdrawal {
    const scale = assetOf(r.symbol)!.scale;
    const chain = DEPOSIT_CHAINS[r.chain as DepositChainId];
    return {
      id: r.publicId,
      number: withdrawalNumber(r),
      currency: r.symbol,
      chainType: chain.id,
      chainName: chain.name,
      protocol: chain.protocol,
      address: r.address,
      nickname: r.nickname,
      amount: formatAmount(r.amount, scale),
      fee: formatAmount(r.fee, scale),
      receive: formatAmount(r.amount - r.fee, scale),
      state: r.state as WithdrawalState,
      reason: (r.rejectReason as Withdrawal['reason']) ?? null,
      note: r.note,
      txHash: r.txHash,
      confirmations: r.confirmations,
      requiredConfirmations: r.requiredConfirmations,
      cancellable: r.state === 'processing',
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
      completedAt: r.completedAt?.getTime() ?? null,
    };
  }

  // ----- the back office ------------------------------------------------------------------------

  /** Housekeeping (engine role): quotes never confirmed, a day after they expired. */
  purgeQuotes(): Promise<number> {
    return withdrawalRepo.purgeQuotes(this.ctx.db, new Date(this.ctx.clock.now().getTime() - DAY_MS));
  }

  async pendingSummary(): Promise<{ pending: number; oldestAt: number | null }> {
    const { pending, oldestAt } = await withdrawalRepo.pendingSummary(this.ctx.db);
    return { pending, oldestAt: oldestAt?.getTime() ?? null };
  }

  async adminList(q: AdminWithdrawalQuery): Promise<AdminWithdrawalList> {
    const { page, size, userId } = await adminListScope(this.ctx.db, q);
    if (userId === null) return { items: [], page, size, total: 0, totalCapped: false };
    const { rows, total, totalCapped } = await withdrawalRepo.adminPage(
      this.ctx.db,
      { state: q.state ?? 'processing', userId },
      page,
      size,
      ADMIN_LIST_COUNT_CAP,
    );
    return { items: await this.adminViews(rows), page, size, total, totalCapped };
  }

  private async adminViews(rows: { w: WithdrawalRow; uid: string }[]): Promise<AdminWithdrawal[]> {
    const approvers = await withdrawalRepo.approvers(
      this.ctx.db,
      rows.map((r) => r.w.id),
    );
    const deciders = await withdrawalRepo.operatorEmails(
      this.ctx.db,
      rows.flatMap((r) => (r.w.decidedBy === null ? [] : [r.w.decidedBy])),
    );
    return rows.map(({ w, uid }) => ({
      ...this.view(w),
      internalId: w.id,
      uid,
      review: w.review as WithdrawReview,
      riskFlags: w.riskFlags as WithdrawRiskFlag[],
      valueUsdt: formatAmount(w.valueUsdt, USDT_SCALE),
      approvedBy: approvers.get(w.id) ?? [],
      approvalsNeeded: w.approvalsNeeded,
      decidedBy: w.decidedBy === null ? null : (deciders.get(w.decidedBy) ?? null),
    }));
  }

  /**
   * An operator's decision on a withdrawal waiting for review, audited in the same transaction:
   * a rejection returns the escrow; an approval counts once per operator, and the withdrawal is
   * approved when it has as many as it needs (two different operators under four eyes).
   */
  async decide(actor: AuditActor, body: WithdrawDecideBody): Promise<AdminWithdrawal> {
    if (actor.operatorId === null) throw new AppError('SESSION_EXPIRED');
    const operatorId = actor.operatorId;
    if (!body.approve && !body.reason) throw new AppError('WITHDRAW_REASON_REQUIRED');
    await this.deps.money.run({
      userId: null,
      step: async (m) => {
        const row = await withdrawalRepo.lock(m.tx, { id: body.id });
        if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
        if (row.state !== 'processing') throw new AppError('WITHDRAWAL_ALREADY_DECIDED');
        const note = body.note?.trim() || null;
        let after: Record<string, unknown>;
        if (body.approve) {
          const { added, approvals } = await withdrawalRepo.approve(m.tx, row.id, operatorId, m.now);
          if (!added) throw new AppError('APPROVAL_SAME_OPERATOR');
          const done = approvals >= row.approvalsNeeded;
          const updated = await withdrawalRepo.update(
            m.tx,
            row.id,
            done
              ? { state: 'approved', decidedAt: m.now, decidedBy: operatorId, updatedAt: m.now }
              : { updatedAt: m.now },
          );
          if (done)
            await withdrawalRepo.notify(m.tx, updated, m.now, {
              amount: formatAmount(row.amount, assetOf(row.symbol)!.scale),
            });
          after = { state: done ? 'approved' : 'processing', approvals, approvalsNeeded: row.approvalsNeeded };
        } else {
          await this.giveBack(m, row, 'rejected', {
            rejectReason: body.reason!,
            note,
            decidedAt: m.now,
            decidedBy: operatorId,
          });
          after = { state: 'rejected', reason: body.reason, note };
        }
        await this.deps.audit.write(m.tx, actor, {
          action: body.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: row.id,
          before: {
            state: row.state,
            review: row.review,
            riskFlags: row.riskFlags,
            amount: formatAmount(row.amount, assetOf(row.symbol)!.scale),
            currency: row.symbol,
          },
          after,
        });
      },
    });
    const { rows } = await withdrawalRepo.adminPage(this.ctx.db, { state: 'processing', id: body.id }, 1, 1, 1);
    return (await this.adminViews(rows))[0]!;
  }

  // ----- the signer's side ----------------------------------------------------------------------

  /**
   * A sent withdrawal confirmed on chain: the held amount leaves the ledger — what the address
   * received to external_withdrawals, the fee to fees — and the withdrawal is completed. Once.
   */
  async complete(withdrawalId: number, txHash: string, confirmations: number): Promise<void> {
    await this.deps.money.run({
      userId: null,
      step: async (m) => {
        const row = await withdrawalRepo.lock(m.tx, { id: withdrawalId });
        if (!row || row.state === 'completed') return;
        if (row.state !== 'broadcast') throw new Error(`withdrawal ${withdrawalId} is ${row.state}, not broadcast`);
        const finalTxId = await m.post({
          kind: 'withdraw',
          reference: `withdrawal:${row.publicId}`,
          mode: 'real',
          postings: [
            { account: userAccount(row.userId, 'real', 'currency_frozen', row.symbol), amount: -row.amount },
            { account: systemAccount('real', 'external_withdrawals', row.symbol), amount: row.amount - row.fee },
            ...(row.fee > 0n ? [{ account: systemAccount('real', 'fees', row.symbol), amount: row.fee }] : []),
          ],
        });
        const done = await withdrawalRepo.update(m.tx, row.id, {
          state: 'completed',
          finalTxId,
          txHash,
          confirmations,
          completedAt: m.now,
          updatedAt: m.now,
        });
        const scale = assetOf(row.symbol)!.scale;
        await withdrawalRepo.notify(m.tx, done, m.now, {
          amount: formatAmount(row.amount, scale),
          receive: formatAmount(row.amount - row.fee, scale),
          txHash,
        });
      },
    });
  }

  /** An approved or sent withdrawal the chain refused (or that cannot be sent): the escrow comes back. Once. */
  async fail(withdrawalId: number, note: string): Promise<void> {
    await this.deps.money.run({
      userId: null,
      step: async (m) => {
        const row = await withdrawalRepo.lock(m.tx, { id: withdrawalId });
        if (!row || row.state === 'failed') return;
        if (row.state !== 'approved' && row.state !== 'broadcast')
          throw new Error(`withdrawal ${withdrawalId} is ${row.state}: it cannot fail`);
        await this.giveBack(m, row, 'failed', { note });
      },
    });
  }
}

/** A coin × chain's fee and limits for a user of this VIP tier (docs/vip.md "Benefits"). */
function tierTerms(setting: SettingRow, tier: VipBenefitsOf, asset: AssetDef) {
  return {
    fee: vipWithdrawFee(setting.fee, tier.withdrawFeeDiscountBps, asset),
    maxAmount: vipWithdrawLimit(setting.maxAmount, tier.withdrawLimitBps),
    dailyLimit: vipWithdrawLimit(setting.dailyLimit, tier.withdrawLimitBps),
  };
}

/** The actor of the review rules' own approvals in the audit log. */
const RULES_ACTOR: AuditActor = {
  operatorId: null,
  operatorEmail: 'system:withdrawal-rules',
  role: null,
  requestId: null,
  ip: null,
};

/** The record's number (docs/product.md §3 "number"): the day it was made and its id, e.g. W20261127-000123. */
function withdrawalNumber(r: WithdrawalRow): string {
  const d = r.createdAt;
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `W${day}-${String(r.id).padStart(6, '0')}`;
}
