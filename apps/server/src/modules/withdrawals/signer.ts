import { getAddress, isAddress, parseTransaction, type Address, type Hex } from 'viem';
import type { DepositChainId } from '@app/contract';
import type { AppContext } from '../../context';
import type { DepositRouteConfig } from '../../config';
import { PollLoop } from '../../lib/worker';
import { viemTxNode, type EvmTxNode, type FeeLevels } from '../chains';
import { erc20TransferData, evmSigner, type EvmSigner, type SignedEvmTx } from './evm-signing';
import { evmHotKey, signerChains } from './hot-wallet';
import { signerRepo, type ApprovedRow, type AttemptRow, type BroadcastRow } from './signer-repository';

/** What the signer asks of the withdrawals' service once the chain has spoken (WithdrawalService's complete and fail). */
export interface WithdrawalOutcomes {
  complete(withdrawalId: number, txHash: string, confirmations: number): Promise<void>;
  fail(withdrawalId: number, note: string): Promise<void>;
}

/** One chain the signer serves: its node, its hot wallet. */
export interface SignerLane {
  chain: DepositChainId;
  chainId: number;
  node: EvmTxNode;
  signer: EvmSigner;
}

/** Places a test makes the signer "die" at (the error thrown there ends the run, as a crash would). */
export interface SignerFaults {
  /** After signing, before the transaction that records it commits. */
  afterSign?(): void | Promise<void>;
  /** After the record commits, before the raw transaction is sent. */
  afterRecord?(): void | Promise<void>;
}

export interface WithdrawalSignerDeps {
  withdrawals: WithdrawalOutcomes;
  /** Default: one lane per chain of `signerChains`, over the configured node and hot key. */
  lanes?: SignerLane[];
  faults?: SignerFaults;
}

export interface SignerRunResult {
  status: 'done' | 'failed' | 'busy';
  /** Withdrawals signed and recorded (first attempts). */
  signed: number;
  /** Raw transactions handed to the node (first sends, re-sends of unsent ones, new attempts). */
  sent: number;
  /** New attempts at a higher fee. */
  replaced: number;
  completed: number;
  failed: number;
  error?: string;
}

/** The most first attempts one run signs per chain, and the most broadcast withdrawals it follows (a limit on everything). */
const SIGN_PER_RUN = 200;
const FOLLOW_PER_RUN = 500;
/** A re-send raises both fees by at least 1/8 (12.5 %): nodes replace a pending transaction only for a raised fee (geth: 10 %). */
const BUMP_NUM = 9n;
const BUMP_DEN = 8n;
/** Gas limit over the node's estimate for a contract call (token transfers): state may change between estimate and inclusion. */
const GAS_MARGIN_NUM = 5n;
const GAS_MARGIN_DEN = 4n;

const message = (e: unknown) =>
  e instanceof Error ? `${e.message} ${(e as { details?: string }).details ?? ''}`.trim() : String(e);
/** The node already has this transaction, or its nonce is spent (by one of our attempts, mined): a re-send that changed nothing. */
const harmlessResend = (e: unknown) =>
  /already known|nonce too low|known transaction|already imported|replacement transaction underpriced/i.test(
    message(e),
  );
const reverts = (e: unknown) => /revert/i.test(message(e));
const ceilMul = (v: bigint) => (v * BUMP_NUM + BUMP_DEN - 1n) / BUMP_DEN;
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** The fees of a first attempt: twice the base fee (room for six full blocks of +12.5 %) plus the node's tip. */
export function openingFees(f: FeeLevels): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
  return { maxFeePerGas: 2n * f.baseFeePerGas + f.priorityFeePerGas, maxPriorityFeePerGas: f.priorityFeePerGas };
}

/** The fees of a re-send: each at least 12.5 % over the last attempt's and at least the market's opening fees. */
export function bumpedFees(last: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }, market: FeeLevels) {
  const open = openingFees(market);
  const maxPriorityFeePerGas = max(ceilMul(last.maxPriorityFeePerGas), open.maxPriorityFeePerGas);
  const maxFeePerGas = max(max(ceilMul(last.maxFeePerGas), open.maxFeePerGas), maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** The lanes the configuration gives: Ethereum with the hot key when `signerChains` says so. */
export function configuredLanes(ctx: AppContext): SignerLane[] {
  const chains = signerChains(ctx);
  if (!chains.includes('ethereum')) return [];
  const key = evmHotKey(ctx);
  const rpcUrl = ctx.config.chains.ethereum.rpcUrl;
  if (!key || !rpcUrl) return [];
  return [
    {
      chain: 'ethereum',
      chainId: ctx.config.chains.ethereum.chainId,
      node: viemTxNode(rpcUrl),
      signer: evmSigner(key),
    },
  ];
}

/**
 * The withdrawal signer (docs/withdrawals.md "Signer"), run by the engine process. Each run, per
 * chain: every approved withdrawal is signed with a nonce reserved in the database, in the one
 * transaction that records the signed transaction and moves the withdrawal to broadcast, and only
 * then sent; every broadcast withdrawal is followed: an unsent attempt (a crash before its send) is
 * sent, the attempts' receipts count confirmations up to complete (or fail when it reverted), and
 * one unmined for `resendAfterSeconds` is replaced by a new attempt of the same nonce at a higher
 * fee. Row locks with SKIP LOCKED keep a second signer, started by mistake, from signing anything
 * twice or spending a nonce twice.
 */
export class WithdrawalSigner {
  readonly lanes: readonly SignerLane[];
  private readonly checkedChains = new Set<DepositChainId>();
  private readonly loop = new PollLoop();
  private failures = 0;
  private busy = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: WithdrawalSignerDeps,
  ) {
    this.lanes = deps.lanes ?? configuredLanes(ctx);
  }

  /** Runs on a timer until `stop`: every signerPollMs, after a backoff (doubling, capped) when a run failed. */
  start(): void {
    if (!this.lanes.length) return;
    this.loop.start(async () => {
      const r = await this.runOnce();
      const chains = this.ctx.config.chains;
      return r.status === 'failed'
        ? Math.min(chains.backoffMaxMs, chains.backoffMs * 2 ** Math.min(this.failures - 1, 20))
        : this.ctx.config.withdrawals.signerPollMs;
    });
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * One run over every lane. Never throws: a failure (the node, the database) is logged and ends the
   * run. `parts` leaves out the signing of approved withdrawals or the following of broadcast ones
   * (a benchmark times the signing alone).
   */
  async runOnce(parts: { sign?: boolean; follow?: boolean } = {}): Promise<SignerRunResult> {
    const result: SignerRunResult = { status: 'done', signed: 0, sent: 0, replaced: 0, completed: 0, failed: 0 };
    if (this.busy) return { ...result, status: 'busy' };
    this.busy = true;
    try {
      for (const lane of this.lanes) {
        await this.checkChain(lane);
        if (parts.sign !== false) await this.signApproved(lane, result);
        if (parts.follow !== false) await this.followBroadcast(lane, result);
      }
      this.failures = 0;
    } catch (e) {
      this.failures++;
      result.status = 'failed';
      result.error = message(e);
      this.ctx.log.warn({ failures: this.failures, err: result.error }, 'withdrawal signer: run failed');
    } finally {
      this.busy = false;
    }
    return result;
  }

  /** The node must answer the configured chain id, or the signatures (EIP-155) would be for another chain. */
  private async checkChain(lane: SignerLane): Promise<void> {
    if (this.checkedChains.has(lane.chain)) return;
    const id = await lane.node.chainId();
    if (id !== lane.chainId)
      throw new Error(`${lane.chain}: the node answers chain id ${id}, configured ${lane.chainId}`);
    this.checkedChains.add(lane.chain);
  }

  private route(lane: SignerLane, symbol: string): DepositRouteConfig | undefined {
    return this.ctx.config.deposits.routes.find((r) => r.chain === lane.chain && r.symbol === symbol);
  }

  /** The call that pays `amount − fee` to the address: a token transfer, or the chain's own coin as value. */
  private callOf(lane: SignerLane, w: ApprovedRow): { to: Address; value: bigint; data: Hex } | string {
    const route = this.route(lane, w.symbol);
    if (!route) return `no route of ${w.symbol} on ${lane.chain}`;
    if (!isAddress(w.address, { strict: false })) return `not an address of ${lane.chain}: ${w.address}`;
    const to = getAddress(w.address);
    const payout = w.amount - w.fee;
    if (payout <= 0n) return 'nothing to pay out';
    if (route.token === null) return { to, value: payout, data: '0x' };
    return { to: getAddress(route.token), value: 0n, data: erc20TransferData(to, payout) };
  }

  /** First attempts: each approved withdrawal signed and recorded in one transaction, then sent. */
  private async signApproved(lane: SignerLane, result: SignerRunResult): Promise<void> {
    let afterId = 0;
    // The market's fees, read once a run (a first attempt's max fee has room for the base fee to rise).
    let market: FeeLevels | null = null;
    for (let i = 0; i < SIGN_PER_RUN; i++) {
      const recorded = await this.ctx.db.transaction(async (tx) => {
        const w = await signerRepo.lockNextApproved(tx, lane.chain, afterId);
        if (!w) return null;
        const call = this.callOf(lane, w);
        if (typeof call === 'string') {
          // Left approved for an operator (who may reject it); the others go on.
          this.ctx.log.error(
            { chain: lane.chain, withdrawal: w.id, reason: call },
            'withdrawal signer: cannot build the transaction',
          );
          return { id: w.id, attempt: null };
        }
        let gas: bigint;
        try {
          gas = await lane.node.estimateGas({ from: lane.signer.address, ...call });
        } catch (e) {
          if (!reverts(e)) throw e;
          this.ctx.log.error(
            { chain: lane.chain, withdrawal: w.id, err: message(e) },
            'withdrawal signer: the transfer would revert (left approved)',
          );
          return { id: w.id, attempt: null };
        }
        if (call.data !== '0x') gas = (gas * GAS_MARGIN_NUM) / GAS_MARGIN_DEN;
        // The nonce: reserved under its row's lock, in the transaction that records what it signs.
        let nonce = await signerRepo.lockNonce(tx, lane.chain, lane.signer.address);
        if (nonce === null) {
          // The only time the node's count is read: the hot wallet's first use on this chain.
          await signerRepo.createNonce(
            tx,
            lane.chain,
            lane.signer.address,
            await lane.node.transactionCount(lane.signer.address, 'pending'),
          );
          nonce = (await signerRepo.lockNonce(tx, lane.chain, lane.signer.address))!;
        }
        market ??= await lane.node.fees();
        const fees = openingFees(market);
        const signed = await lane.signer.sign({ chainId: lane.chainId, nonce, ...call, gas, ...fees });
        await this.deps.faults?.afterSign?.();
        const now = this.ctx.clock.now();
        await signerRepo.setNextNonce(tx, lane.chain, lane.signer.address, nonce + 1);
        const attemptId = await signerRepo.insertAttempt(tx, {
          withdrawalId: w.id,
          chain: lane.chain,
          fromAddress: lane.signer.address,
          nonce,
          attempt: 1,
          rawTx: signed.raw,
          txHash: signed.hash,
          ...fees,
          createdAt: now,
        });
        await signerRepo.markBroadcast(tx, w.id, signed.hash, now);
        return { id: w.id, attempt: { id: attemptId, signed } };
      });
      if (!recorded) return;
      afterId = recorded.id;
      if (!recorded.attempt) continue;
      result.signed++;
      await this.deps.faults?.afterRecord?.();
      await this.send(lane, recorded.attempt.id, recorded.attempt.signed);
      result.sent++;
    }
  }

  /** Hands a recorded transaction to the node and notes when; a node that already has it (or its nonce mined) is fine. */
  private async send(lane: SignerLane, attemptId: number, signed: Pick<SignedEvmTx, 'raw' | 'hash'>): Promise<void> {
    try {
      await lane.node.sendRawTransaction(signed.raw);
    } catch (e) {
      if (!harmlessResend(e)) throw e;
      this.ctx.log.info(
        { chain: lane.chain, tx: signed.hash, err: message(e) },
        'withdrawal signer: the node already had it',
      );
    }
    await signerRepo.markSent(this.ctx.db, attemptId, this.ctx.clock.now());
  }

  /** Broadcast withdrawals: unsent attempts sent, receipts counted, the stuck ones re-sent at a higher fee. */
  private async followBroadcast(lane: SignerLane, result: SignerRunResult): Promise<void> {
    const rows = await signerRepo.broadcast(this.ctx.db, lane.chain, FOLLOW_PER_RUN);
    if (!rows.length) return;
    const head = await lane.node.head();
    for (const w of rows) await this.follow(lane, w, head, result);
  }

  private async follow(lane: SignerLane, w: BroadcastRow, head: number, result: SignerRunResult): Promise<void> {
    const attempts = await signerRepo.attempts(this.ctx.db, w.id);
    const latest = attempts.at(-1);
    if (!latest) {
      this.ctx.log.error(
        { chain: lane.chain, withdrawal: w.id },
        'withdrawal signer: a broadcast withdrawal without a recorded transaction',
      );
      return;
    }
    // A crash between the record's commit and the send: the recorded transaction goes out now.
    for (const a of attempts.filter((x) => x.sentAt === null)) {
      await this.send(lane, a.id, { raw: a.rawTx, hash: a.txHash as Hex });
      result.sent++;
    }
    const receipts = await Promise.all(attempts.map((a) => lane.node.receipt(a.txHash)));
    const minedAt = receipts.findIndex((r) => r !== null);
    if (minedAt >= 0) {
      const receipt = receipts[minedAt]!;
      const mined = attempts[minedAt]!;
      const confirmations = Math.max(0, head - receipt.blockNumber + 1);
      await signerRepo.setCarrier(this.ctx.db, w.id, mined.txHash, confirmations, this.ctx.clock.now());
      if (confirmations < w.requiredConfirmations) return;
      // Confirmed either way: a reverted transfer is final only as deep as a successful one.
      if (receipt.success) {
        await this.deps.withdrawals.complete(w.id, mined.txHash, confirmations);
        result.completed++;
      } else {
        this.ctx.log.error(
          { chain: lane.chain, withdrawal: w.id, tx: mined.txHash },
          'withdrawal signer: the transfer reverted on chain',
        );
        await this.deps.withdrawals.fail(w.id, 'reverted on chain');
        result.failed++;
      }
      return;
    }
    if (w.confirmations) await signerRepo.setCarrier(this.ctx.db, w.id, latest.txHash, 0, this.ctx.clock.now());
    const sentAt = latest.sentAt ?? this.ctx.clock.now();
    if (this.ctx.clock.now().getTime() - sentAt.getTime() < this.ctx.config.withdrawals.resendAfterSeconds * 1000)
      return;
    if ((await lane.node.transactionCount(lane.signer.address, 'latest')) > latest.nonce) {
      // The nonce is spent, yet none of this withdrawal's attempts is mined (or it was mined since the
      // receipts were read: the next run sees it). A re-send cannot help; an operator must look.
      this.ctx.log.error(
        { chain: lane.chain, withdrawal: w.id, nonce: latest.nonce },
        'withdrawal signer: the nonce was spent by a transaction the signer did not record',
      );
      return;
    }
    if (await this.replace(lane, w.id, latest)) {
      result.replaced++;
      result.sent++;
    }
  }

  /**
   * A new attempt of the same nonce at fees raised by 12.5 % (and at least the market's), recorded
   * then sent; none when another signer holds the withdrawal or made the attempt first.
   */
  private async replace(lane: SignerLane, withdrawalId: number, latest: AttemptRow): Promise<boolean> {
    const market = await lane.node.fees();
    const fees = bumpedFees(latest, market);
    const recorded = await this.ctx.db.transaction(async (tx) => {
      if (!(await signerRepo.lockBroadcast(tx, withdrawalId))) return null;
      const now = (await signerRepo.attempts(tx, withdrawalId)).at(-1);
      if (now?.attempt !== latest.attempt) return null;
      // The same transaction (nonce, recipient, value, data, gas) with only its fees raised.
      const prev = parseTransaction(latest.rawTx);
      if (prev.type !== 'eip1559' || !prev.to || prev.gas === undefined || prev.nonce !== latest.nonce) {
        throw new Error(
          `withdrawal ${withdrawalId}: attempt ${latest.attempt} is not an EIP-1559 transaction of nonce ${latest.nonce}`,
        );
      }
      const signed = await lane.signer.sign({
        chainId: lane.chainId,
        nonce: latest.nonce,
        to: prev.to,
        value: prev.value ?? 0n,
        data: prev.data ?? '0x',
        gas: prev.gas,
        ...fees,
      });
      await this.deps.faults?.afterSign?.();
      const at = this.ctx.clock.now();
      const id = await signerRepo.insertAttempt(tx, {
        withdrawalId,
        chain: lane.chain,
        fromAddress: lane.signer.address,
        nonce: latest.nonce,
        attempt: latest.attempt + 1,
        rawTx: signed.raw,
        txHash: signed.hash,
        ...fees,
        createdAt: at,
      });
      await signerRepo.setCarrier(tx, withdrawalId, signed.hash, 0, at);
      return { id, signed };
    });
    if (!recorded) return false;
    this.ctx.log.warn(
      {
        chain: lane.chain,
        withdrawal: withdrawalId,
        nonce: latest.nonce,
        attempt: latest.attempt + 1,
        ...stringFees(fees),
      },
      'withdrawal signer: not mined in time, re-sent at a higher fee',
    );
    await this.deps.faults?.afterRecord?.();
    await this.send(lane, recorded.id, recorded.signed);
    return true;
  }
}

const stringFees = (f: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }) => ({
  maxFeePerGas: f.maxFeePerGas.toString(),
  maxPriorityFeePerGas: f.maxPriorityFeePerGas.toString(),
});
