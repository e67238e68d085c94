import crypto from 'node:crypto';
import {
  assetOf,
  formatAmount,
  isLedgerKind,
  ledgerKindName,
  positiveMinor,
  type AccountChangeList,
  type AssetDef,
  type HeaderLang,
  type TransferBody,
  type TransferLog,
  type TransferRecord,
  type UserInfo,
  type WalletBalance,
  type WalletName,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { opaqueId } from '../../lib/opaque-id';
import {
  demoFunding,
  frozenOf,
  systemAccount,
  userAccount,
  type LedgerReads,
  type Mode,
  type MoneyCommands,
  type MoneyRequest,
  type Posting,
} from '../ledger';
import { toUserInfo, userRepo } from '../users';
import type { BalanceRows } from './account-list';
import { transferRecords, walletRepo, type TransferRow } from './repository';

export function assetOrThrow(symbol: string): AssetDef {
  const a = assetOf(symbol);
  if (!a) throw new AppError('ASSET_UNKNOWN');
  return a;
}

/** A positive amount of `asset` from a decimal string, at most its scale and 1e17 (docs/product.md §5). */
export function positiveAmount(
  text: string,
  asset: AssetDef,
  zeroError: 'AMOUNT_INVALID' | 'TRANSFER_NUMBER_INVALID' = 'AMOUNT_INVALID',
): bigint {
  const minor = positiveMinor(text, asset.scale);
  if (minor === 'invalid') throw new AppError('AMOUNT_INVALID');
  if (minor === 'zero') throw new AppError(zeroError);
  return minor;
}

const money = (minor: bigint, symbol: string) => formatAmount(minor, assetOf(symbol)?.scale ?? 0);

/**
 * The references a user may see: those that name a business object by its public id (a contract,
 * spot order, transfer, OTC quote, financing subscription, loan or loan pay-off quote). Others name internal rows (`user:<id>`, `deposit:<id>`,
 * `reversal:<id>`) and answer null.
 */
const PUBLIC_REFERENCE =
  /^(contract|contracts|spot_order|transfer|otc_quote|financing|loan|loan_quote):[A-Za-z0-9_,-]+$/;
function publicReference(reference: string): string | null {
  return PUBLIC_REFERENCE.test(reference) ? reference : null;
}

function toTransferRecord(t: Omit<TransferRow, 'id' | 'transactionId'>): TransferRecord {
  return {
    id: t.publicId,
    fromAccount: t.fromWallet as WalletName,
    toAccount: t.toWallet as WalletName,
    asset: t.asset,
    amount: money(t.amount, t.asset),
    operateTime: t.createdAt.getTime(),
  };
}

/** The user's wallets: balances, transfers between them, statements, real and demo. */
export class WalletService {
  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerReads,
    private readonly money: MoneyCommands,
  ) {}

  /** Before any demo-mode read: the demo ledger is funded on first use. */
  async prepare(userId: number, mode: Mode): Promise<void> {
    if (mode === 'demo') await this.money.ensureDemo(userId);
  }

  /**
   * The account switch (docs/product.md §2): funds the demo ledger on first use and answers the user as seen
   * in the chosen mode. The mode itself travels in every request's `typeUser` header: that header
   * alone picks the ledger (docs/decisions/0005-typeuser-header-picks-the-ledger.md), nothing is stored.
   */
  async switchMode(userId: number, typeUser: Mode): Promise<UserInfo> {
    await this.prepare(userId, typeUser);
    const user = await userRepo.byId(this.ctx.db, userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return toUserInfo(user, typeUser);
  }

  /** Sends every demo balance back to the faucet and starts again from 100,000 USDT. */
  resetDemo(req: MoneyRequest): Promise<null> {
    if (req.mode !== 'demo') throw new AppError('NOT_IN_DEMO');
    const userId = req.userId;
    return this.money.request(req, async (m) => {
      await m.lockDemo();
      const accounts = await this.ledger.accountsOf(m.tx, userId, 'demo');
      if (accounts.some((a) => a.kind.endsWith('_frozen') && a.balance > 0n))
        throw new AppError('DEMO_HAS_OPEN_POSITIONS');
      const postings: Posting[] = accounts
        .filter((a) => a.balance > 0n)
        .flatMap((a) => [
          { account: userAccount(userId, 'demo', a.kind, a.asset), amount: -a.balance },
          { account: systemAccount('demo', 'demo_faucet', a.asset), amount: a.balance },
        ]);
      if (postings.length) await m.post({ kind: 'demo_reset', reference: `user:${userId}`, postings });
      await m.post(demoFunding(userId));
      return null;
    });
  }

  /** The user's balances in one mode, read from the ledger on every call (`account/list`, AccountListText). */
  async balances(userId: number, mode: Mode): Promise<BalanceRows> {
    await this.prepare(userId, mode);
    return this.ledger.accountsOf(this.ctx.db, userId, mode);
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

  /** Moves money between two of the user's own wallets, in one mode (docs/product.md §2 transfer). */
  transfer(req: MoneyRequest, body: TransferBody): Promise<TransferRecord> {
    const a = assetOrThrow(body.asset);
    const amount = positiveAmount(body.amount, a, 'TRANSFER_NUMBER_INVALID');
    if (body.fromAccount === body.toAccount) throw new AppError('SAME_WALLET');
    const { userId, mode } = req;
    // One statement (`MoneyCommands.single`): everything the transfer writes and answers is known here.
    const publicId = crypto.randomUUID();
    const now = this.ctx.clock.now();
    const row = {
      publicId,
      userId,
      mode,
      fromWallet: body.fromAccount,
      toWallet: body.toAccount,
      asset: a.symbol,
      amount,
      createdAt: now,
    };
    return this.money.single(req, {
      now,
      // The transfer's public id names it in the ledger too, so the statement can show it.
      post: {
        kind: 'transfer',
        reference: `transfer:${publicId}`,
        postings: [
          { account: userAccount(userId, mode, body.fromAccount, a.symbol), amount: -amount },
          { account: userAccount(userId, mode, body.toAccount, a.symbol), amount },
        ],
      },
      answer: toTransferRecord(row),
      records: transferRecords,
      values: row,
    });
  }

  async transferLog(userId: number, mode: Mode, page: number, size: number): Promise<TransferLog> {
    const { items, total } = await walletRepo.transfers(this.ctx.db, userId, mode, page, size);
    return { items: items.map(toTransferRecord), page, size, total };
  }

  /**
   * The statement: one item per business event (ledger transaction), newest first, each named in
   * the request's language, with what it did to each wallet and coin (held and released money
   * shown as such, not as income and spending).
   */
  async changes(
    userId: number,
    mode: Mode,
    lang: HeaderLang,
    q: { page: number; size: number; wallet?: WalletName | undefined; asset?: string | undefined },
  ): Promise<AccountChangeList> {
    if (q.asset) assetOrThrow(q.asset);
    await this.prepare(userId, mode);
    const { items, total } = await this.ledger.statement(
      this.ctx.db,
      userId,
      mode,
      { wallet: q.wallet, asset: q.asset },
      q.size,
      (q.page - 1) * q.size,
    );
    return {
      items: items.map((r) => {
        // The ledger only posts catalogued kinds (typed); a row from before the catalogue would be a bug to see.
        if (!isLedgerKind(r.txKind)) throw new Error(`ledger transaction kind not in the catalogue: ${r.txKind}`);
        return {
          id: opaqueId(this.ctx.secret, 'ledger_transaction', r.id),
          kind: r.txKind,
          kindName: ledgerKindName(r.txKind, lang),
          reference: publicReference(r.reference),
          time: r.createdAt.getTime(),
          lines: r.lines.map((l) => ({
            wallet: l.wallet as WalletName,
            asset: l.asset,
            amount: money(l.amount, l.asset),
            held: money(l.held, l.asset),
            balanceAfter: money(l.balanceAfter, l.asset),
            heldAfter: money(l.heldAfter, l.asset),
          })),
        };
      }),
      page: q.page,
      size: q.size,
      total,
    };
  }
}
