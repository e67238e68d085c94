import { sql } from 'drizzle-orm';
import { assetOf, formatAmount } from '@app/contract';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { notifyUser } from '../notifications';

/** An approved withdrawal the signer is about to sign. */
export interface ApprovedRow {
  id: number;
  symbol: string;
  address: string;
  amount: bigint;
  fee: bigint;
}

/** A broadcast withdrawal the signer follows. */
export interface BroadcastRow {
  id: number;
  requiredConfirmations: number;
  confirmations: number | null;
  txHash: string | null;
}

/** One signed transaction of a withdrawal (withdraw_broadcasts). */
export interface AttemptRow {
  id: number;
  withdrawalId: number;
  nonce: number;
  attempt: number;
  rawTx: `0x${string}`;
  txHash: string;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  sentAt: Date | null;
}

export interface NewAttempt {
  withdrawalId: number;
  chain: string;
  fromAddress: string;
  nonce: number;
  attempt: number;
  rawTx: string;
  txHash: string;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  createdAt: Date;
}

const num = (v: unknown) => Number(v);
const big = (v: unknown) => BigInt(String(v));
const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function attemptOf(r: Record<string, unknown>): AttemptRow {
  return {
    id: num(r.id),
    withdrawalId: num(r.withdrawal_id),
    nonce: num(r.nonce),
    attempt: num(r.attempt),
    rawTx: String(r.raw_tx) as `0x${string}`,
    txHash: String(r.tx_hash),
    maxFeePerGas: big(r.max_fee_per_gas),
    maxPriorityFeePerGas: big(r.max_priority_fee_per_gas),
    sentAt: date(r.sent_at),
  };
}

/** The withdrawal signer's SQL (docs/withdrawals.md "Signer"): withdrawals' states, the nonces, the broadcasts. */
export const signerRepo = {
  /**
   * The oldest approved withdrawal of the chain after `afterId`, locked; one another signer holds
   * is skipped (SKIP LOCKED), so two signers never sign the same withdrawal.
   */
  async lockNextApproved(tx: Tx, chain: string, afterId: number): Promise<ApprovedRow | null> {
    const [r] = rowsOf(
      await tx.execute(sql`
      SELECT id, symbol, address, amount::text AS amount, fee::text AS fee FROM withdrawals
      WHERE state = 'approved' AND chain = ${chain} AND id > ${afterId}
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`),
    );
    return r
      ? { id: num(r.id), symbol: String(r.symbol), address: String(r.address), amount: big(r.amount), fee: big(r.fee) }
      : null;
  },

  /** Locks a broadcast withdrawal unless another signer holds it; false when it is not (or no longer) broadcast. */
  async lockBroadcast(tx: Tx, id: number): Promise<boolean> {
    return (
      rowsOf(
        await tx.execute(
          sql`SELECT id FROM withdrawals WHERE id = ${id} AND state = 'broadcast' FOR UPDATE SKIP LOCKED`,
        ),
      ).length === 1
    );
  },

  /** The hot wallet's next nonce on the chain, locked until the transaction ends; null before its first use. */
  async lockNonce(tx: Tx, chain: string, address: string): Promise<number | null> {
    const [r] = rowsOf(
      await tx.execute(
        sql`SELECT next_nonce FROM signer_nonces WHERE chain = ${chain} AND address = ${address} FOR UPDATE`,
      ),
    );
    return r ? num(r.next_nonce) : null;
  },

  /** The row of a first use (the node's pending count); a row another signer made first wins. */
  async createNonce(tx: Tx, chain: string, address: string, nextNonce: number): Promise<void> {
    await tx.execute(
      sql`INSERT INTO signer_nonces (chain, address, next_nonce) VALUES (${chain}, ${address}, ${nextNonce}) ON CONFLICT DO NOTHING`,
    );
  },

  async setNextNonce(tx: Tx, chain: string, address: string, nextNonce: number): Promise<void> {
    await tx.execute(
      sql`UPDATE signer_nonces SET next_nonce = ${nextNonce} WHERE chain = ${chain} AND address = ${address}`,
    );
  },

  async insertAttempt(tx: Tx, a: NewAttempt): Promise<number> {
    const [r] = rowsOf(
      await tx.execute(sql`
      INSERT INTO withdraw_broadcasts (withdrawal_id, chain, from_address, nonce, attempt, raw_tx, tx_hash, max_fee_per_gas, max_priority_fee_per_gas, created_at)
      VALUES (${a.withdrawalId}, ${a.chain}, ${a.fromAddress}, ${a.nonce}, ${a.attempt}, ${a.rawTx}, ${a.txHash},
        ${a.maxFeePerGas.toString()}, ${a.maxPriorityFeePerGas.toString()}, ${a.createdAt.toISOString()})
      RETURNING id`),
    );
    return num(r!.id);
  },

  /** approved → broadcast with its first transaction's hash; the user is told (withdrawal.broadcast) in the same transaction. */
  async markBroadcast(tx: Tx, id: number, txHash: string, now: Date): Promise<void> {
    const sent = rowsOf(
      await tx.execute(sql`
      UPDATE withdrawals SET state = 'broadcast', tx_hash = ${txHash}, confirmations = 0, updated_at = ${now.toISOString()}
      WHERE id = ${id} AND state = 'approved'
      RETURNING user_id, public_id::text AS public_id, symbol, amount::text AS amount`),
    );
    for (const w of sent) {
      await notifyUser(tx, Number(w.user_id), 'withdrawal.broadcast', now, {
        id: String(w.public_id),
        currency: String(w.symbol),
        amount: formatAmount(BigInt(String(w.amount)), assetOf(String(w.symbol))!.scale),
        txHash,
      });
    }
  },

  /** The transaction that carries it now: the latest attempt's until one is mined, then the mined one's, with its confirmations. */
  async setCarrier(db: DbOrTx, id: number, txHash: string, confirmations: number, now: Date): Promise<void> {
    await db.execute(sql`
      UPDATE withdrawals SET tx_hash = ${txHash}, confirmations = ${confirmations}, updated_at = ${now.toISOString()}
      WHERE id = ${id} AND state = 'broadcast' AND (tx_hash IS DISTINCT FROM ${txHash} OR confirmations IS DISTINCT FROM ${confirmations})`);
  },

  async markSent(db: DbOrTx, attemptId: number, now: Date): Promise<void> {
    await db.execute(
      sql`UPDATE withdraw_broadcasts SET sent_at = ${now.toISOString()} WHERE id = ${attemptId} AND sent_at IS NULL`,
    );
  },

  /** The chain's broadcast withdrawals, oldest first, at most `limit`. */
  async broadcast(db: DbOrTx, chain: string, limit: number): Promise<BroadcastRow[]> {
    return rowsOf(
      await db.execute(sql`
      SELECT id, required_confirmations, confirmations, tx_hash FROM withdrawals
      WHERE state = 'broadcast' AND chain = ${chain} ORDER BY id LIMIT ${limit}`),
    ).map((r) => ({
      id: num(r.id),
      requiredConfirmations: num(r.required_confirmations),
      confirmations: r.confirmations === null ? null : num(r.confirmations),
      txHash: r.tx_hash === null ? null : String(r.tx_hash),
    }));
  },

  /** A withdrawal's attempts, first to latest. */
  async attempts(db: DbOrTx, withdrawalId: number): Promise<AttemptRow[]> {
    return rowsOf(
      await db.execute(sql`
      SELECT id, withdrawal_id, nonce, attempt, raw_tx, tx_hash, max_fee_per_gas::text AS max_fee_per_gas,
        max_priority_fee_per_gas::text AS max_priority_fee_per_gas, sent_at
      FROM withdraw_broadcasts WHERE withdrawal_id = ${withdrawalId} ORDER BY attempt`),
    ).map(attemptOf);
  },
};
