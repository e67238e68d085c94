import { sql } from 'drizzle-orm';
import {
  ASSETS, NUMBER_MAXIMUM, QUOTE_ASSET, assetOf, formatAmount, parseAmount, pow10,
  type AccountChangeList, type AccountListResult, type AssetDef, type TransferBody, type TransferLog,
  type TransferRecord, type UserInfo, type WalletBalance, type WalletName,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { once, type IdempotencyRequest } from '../../lib/idempotency';
import { WALLETS, frozenOf, systemAccount, userAccount, type Mode, type UserKind } from '../ledger/accounts';
import { ledgerRepo } from '../ledger/repository';
import type { LedgerService, Posting } from '../ledger/service';
import { toUserInfo, userRepo } from '../users';
import { walletRepo, type TransferRow } from './repository';

/** What a new demo account starts with (issue: 100,000 USDT from the demo faucet). */
export const DEMO_START_USDT = 100_000n;

export function assetOrThrow(symbol: string): AssetDef {
  const a = assetOf(symbol);
  if (!a) throw new AppError('ASSET_UNKNOWN');
  return a;
}

/** A positive amount of `asset` from a decimal string, at most its scale and 1e17 (spec §5). */
export function positiveAmount(text: string, asset: AssetDef, zeroError: 'AMOUNT_INVALID' | 'TRANSFER_NUMBER_INVALID' = 'AMOUNT_INVALID'): bigint {
  const minor = parseAmount(text, asset.scale);
  if (minor === null) throw new AppError('AMOUNT_INVALID');
  if (minor <= 0n) throw new AppError(zeroError);
  if (minor > BigInt(NUMBER_MAXIMUM) * pow10(asset.scale)) throw new AppError('AMOUNT_INVALID');
  return minor;
}

const money = (minor: bigint, symbol: string) => formatAmount(minor, assetOf(symbol)?.scale ?? 0);

function toTransferRecord(t: TransferRow): TransferRecord {
  return {
    id: t.id, fromAccount: t.fromWallet as WalletName, toAccount: t.toWallet as WalletName, asset: t.asset,
    amount: money(t.amount, t.asset), operateTime: t.createdAt.toISOString(),
  };
}

/** The user's wallets: balances, transfers between them, statements, real and demo. */
export class WalletService {
  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * Gives a user's demo ledger its starting money the first time it is used. Serialised per
   * user, so two first requests at once fund it once.
   */
  async ensureDemo(userId: number): Promise<void> {
    const faucet = userAccount(userId, 'demo', 'currency', QUOTE_ASSET);
    if (await ledgerRepo.findAccount(this.ctx.db, faucet)) return;
    await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'demo:' + userId}))`);
      if (await ledgerRepo.findAccount(tx, faucet)) return;
      await this.fundDemo(tx, userId, 'demo_faucet');
    });
  }

  private async fundDemo(tx: Tx, userId: number, kind: string): Promise<void> {
    const amount = DEMO_START_USDT * pow10(assetOf(QUOTE_ASSET)!.scale);
    await this.ledger.post(tx, {
      mode: 'demo', kind, reference: `user:${userId}`,
      postings: [
        { account: systemAccount('demo', 'demo_faucet', QUOTE_ASSET), amount: -amount },
        { account: userAccount(userId, 'demo', 'currency', QUOTE_ASSET), amount },
      ],
    });
  }

  /** Stores the user's choice of ledger (echoed in user info); the demo one is funded on first use. */
  async switchMode(userId: number, typeUser: Mode): Promise<UserInfo> {
    await this.prepare(userId, typeUser);
    return toUserInfo(await userRepo.update(this.ctx.db, userId, { typeUser, updatedAt: this.ctx.clock.now() }));
  }

  /** Before any demo-mode read or write. */
  async prepare(userId: number, mode: Mode): Promise<void> {
    if (mode === 'demo') await this.ensureDemo(userId);
  }

  /** Sends every demo balance back to the faucet and starts again from 100,000 USDT. */
  async resetDemo(userId: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'demo:' + userId}))`);
      const accounts = await ledgerRepo.accountsOfUser(tx, userId, 'demo');
      if (accounts.some((a) => a.kind.endsWith('_frozen') && a.balance > 0n)) throw new AppError('DEMO_HAS_OPEN_POSITIONS');
      const postings: Posting[] = [];
      for (const a of accounts.filter((x) => x.balance > 0n)) {
        postings.push({ account: userAccount(userId, 'demo', a.kind as UserKind, a.asset), amount: -a.balance });
        postings.push({ account: systemAccount('demo', 'demo_faucet', a.asset), amount: a.balance });
      }
      if (postings.length) await this.ledger.post(tx, { mode: 'demo', kind: 'demo_reset', reference: `user:${userId}`, postings });
      await this.fundDemo(tx, userId, 'demo_faucet');
    });
  }

  async list(userId: number, mode: Mode): Promise<AccountListResult> {
    await this.prepare(userId, mode);
    const rows = await ledgerRepo.accountsOfUser(this.ctx.db, userId, mode);
    const balance = (kind: string, asset: string) => rows.find((r) => r.kind === kind && r.asset === asset)?.balance ?? 0n;
    return {
      typeUser: mode,
      wallets: WALLETS.map((wallet) => ({
        wallet,
        balances: ASSETS.map((a) => ({
          asset: a.symbol,
          available: formatAmount(balance(wallet, a.symbol), a.scale),
          frozen: formatAmount(balance(frozenOf(wallet), a.symbol), a.scale),
        })),
      })),
    };
  }

  async validAsset(userId: number, mode: Mode, wallet: WalletName, symbol: string): Promise<WalletBalance> {
    const a = assetOrThrow(symbol);
    await this.prepare(userId, mode);
    const db = this.ctx.db;
    const [available, frozen] = [
      await this.ledger.balance(db, userAccount(userId, mode, wallet, a.symbol)),
      await this.ledger.balance(db, userAccount(userId, mode, frozenOf(wallet), a.symbol)),
    ];
    return { asset: a.symbol, available: formatAmount(available, a.scale), frozen: formatAmount(frozen, a.scale) };
  }

  /** Moves money between two of the user's own wallets, in one mode (spec §2 transfer). */
  async transfer(userId: number, mode: Mode, body: TransferBody, idem: IdempotencyRequest | null): Promise<TransferRecord> {
    const a = assetOrThrow(body.asset);
    const amount = positiveAmount(body.amount, a, 'TRANSFER_NUMBER_INVALID');
    if (body.fromAccount === body.toAccount) throw new AppError('SAME_WALLET');
    await this.prepare(userId, mode);
    return this.ctx.db.transaction((tx) =>
      once(tx, userId, idem, this.ctx.clock.now(), async () => {
        const posted = await this.ledger.post(tx, {
          mode, kind: 'transfer', reference: `user:${userId}`,
          postings: [
            { account: userAccount(userId, mode, body.fromAccount, a.symbol), amount: -amount },
            { account: userAccount(userId, mode, body.toAccount, a.symbol), amount },
          ],
        });
        const row = await walletRepo.insertTransfer(tx, {
          userId, mode, fromWallet: body.fromAccount, toWallet: body.toAccount, asset: a.symbol, amount,
          transactionId: posted.transactionId, createdAt: this.ctx.clock.now(),
        });
        return toTransferRecord(row);
      }));
  }

  async transferLog(userId: number, mode: Mode, page: number, size: number): Promise<TransferLog> {
    const { items, total } = await walletRepo.transfers(this.ctx.db, userId, mode, page, size);
    return { items: items.map(toTransferRecord), page, size, total };
  }

  async changes(userId: number, mode: Mode, q: { page: number; size: number; wallet?: WalletName | undefined; asset?: string | undefined }): Promise<AccountChangeList> {
    if (q.asset) assetOrThrow(q.asset);
    await this.prepare(userId, mode);
    const { items, total } = await walletRepo.changes(this.ctx.db, userId, mode, { kind: q.wallet, asset: q.asset }, q.size, (q.page - 1) * q.size);
    return {
      items: items.map((r) => ({
        id: r.id, wallet: r.kind, asset: r.asset, amount: money(r.amount, r.asset), balanceAfter: money(r.balanceAfter, r.asset),
        kind: r.txKind, reference: r.reference, time: r.createdAt.toISOString(),
      })),
      page: q.page, size: q.size, total,
    };
  }
}
