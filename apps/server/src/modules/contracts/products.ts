import { and, asc, eq } from 'drizzle-orm';
import { QUOTE_ASSET, divRound, formatAmount, type ContractProduct, type Market } from '@app/contract';
import type { DbOrTx } from '../../db/client';
import { contractProducts } from '../../db/schema-trading';
import { BPS, USDT, rateText } from '../../lib/usdt-math';

export type ProductRow = typeof contractProducts.$inferSelect;

/**
 * The win rate at which a product pays even, 1 / (1 + payout rate), in percent with 2 decimals,
 * rounded up: below it the user loses on average, so the screen never shows a rate too low.
 */
export function breakEvenPercent(bps: number): string {
  return formatAmount(divRound(100n * BPS * 100n, BPS + BigInt(bps), 'up'), 2);
}

export function toProduct(row: ProductRow): ContractProduct {
  return {
    market: row.market as Market,
    duration: row.durationSeconds,
    payoutRate: rateText(row.payoutBps),
    breakEvenPercent: breakEvenPercent(row.payoutBps),
    asset: QUOTE_ASSET,
    minStake: formatAmount(row.minStake, USDT.scale),
    maxStake: formatAmount(row.maxStake, USDT.scale),
  };
}

export const productsRepo = {
  list(db: DbOrTx, market?: Market): Promise<ProductRow[]> {
    return db.select().from(contractProducts)
      .where(and(eq(contractProducts.enabled, true), market ? eq(contractProducts.market, market) : undefined))
      .orderBy(asc(contractProducts.market), asc(contractProducts.durationSeconds));
  },

  async find(db: DbOrTx, market: Market, duration: number): Promise<ProductRow | undefined> {
    const [row] = await db.select().from(contractProducts)
      .where(and(eq(contractProducts.market, market), eq(contractProducts.durationSeconds, duration), eq(contractProducts.enabled, true)));
    return row;
  },

  /** Operators (`npm run ops -- product`): adds or changes a product; existing contracts keep their terms. */
  async upsert(db: DbOrTx, row: ProductRow): Promise<void> {
    await db.insert(contractProducts).values(row).onConflictDoUpdate({
      target: [contractProducts.market, contractProducts.durationSeconds],
      set: { payoutBps: row.payoutBps, minStake: row.minStake, maxStake: row.maxStake, enabled: row.enabled },
    });
  },
};
