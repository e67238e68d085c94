import {
  ASSETS,
  QUOTE_ASSET,
  assetOf,
  formatAmount,
  type UserAssetData,
  type ValuedWallet,
  type WalletName,
} from '@app/contract';
import type { AppContext } from '../../context';
import { WALLETS, frozenOf, type LedgerReads, type Mode } from '../ledger';
import { valueAt, type ReferencePrices } from './reference-prices';
import type { WalletService } from './service';

const USDT = assetOf(QUOTE_ASSET)!;

type Balances = Awaited<ReturnType<LedgerReads['accountsOf']>>;

/** Balances valued in USDT at the current reference prices (docs/product.md §7 userAssetData and kin). */
export class ValuationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerReads,
    private readonly wallets: WalletService,
    private readonly prices: ReferencePrices,
  ) {}

  private valued(rows: Balances, wallet: WalletName, unpriced: Set<string>): { view: ValuedWallet; total: bigint } {
    const balance = (kind: string, asset: string) =>
      rows.find((r) => r.kind === kind && r.asset === asset)?.balance ?? 0n;
    let total = 0n;
    const balances = ASSETS.map((a) => {
      const available = balance(wallet, a.symbol);
      const frozen = balance(frozenOf(wallet), a.symbol);
      let value = 0n;
      if (available + frozen > 0n) {
        const price = this.prices.of(a.symbol);
        if (price) value = valueAt(available + frozen, a.scale, price, USDT.scale);
        else unpriced.add(a.symbol);
      }
      total += value;
      return {
        asset: a.symbol,
        available: formatAmount(available, a.scale),
        frozen: formatAmount(frozen, a.scale),
        valueUsdt: formatAmount(value, USDT.scale),
      };
    });
    return { view: { wallet, totalUsdt: formatAmount(total, USDT.scale), balances }, total };
  }

  async userAssetData(userId: number, mode: Mode): Promise<UserAssetData> {
    await this.wallets.prepare(userId, mode);
    const rows = await this.ledger.accountsOf(this.ctx.db, userId, mode);
    const unpriced = new Set<string>();
    let total = 0n;
    const wallets = WALLETS.map((w) => {
      const v = this.valued(rows, w, unpriced);
      total += v.total;
      return v.view;
    });
    return { typeUser: mode, totalUsdt: formatAmount(total, USDT.scale), wallets, unpriced: [...unpriced] };
  }

  /** Every account of the mode valued together in USDT minor units (the VIP tiers' balance), and the coins without a price now. */
  async totalUsdt(userId: number, mode: Mode): Promise<{ total: bigint; unpriced: string[] }> {
    await this.wallets.prepare(userId, mode);
    const rows = await this.ledger.accountsOf(this.ctx.db, userId, mode);
    const unpriced = new Set<string>();
    const total = WALLETS.reduce((sum, w) => sum + this.valued(rows, w, unpriced).total, 0n);
    return { total, unpriced: [...unpriced] };
  }

  async wallet(userId: number, mode: Mode, wallet: WalletName): Promise<ValuedWallet> {
    await this.wallets.prepare(userId, mode);
    const rows = await this.ledger.accountsOf(this.ctx.db, userId, mode);
    return this.valued(rows, wallet, new Set()).view;
  }
}
