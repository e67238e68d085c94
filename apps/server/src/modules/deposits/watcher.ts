import { DEPOSIT_CHAIN_IDS, DEPOSIT_CHAINS, type ChainWatcherStatus, type DepositChainId } from '@app/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { addressLookup, tronAddressToHex } from '../../lib/chain-address';
import {
  BitcoinScanner,
  bitcoinSettingsFrom,
  bitcoindNode,
  EvmScanner,
  evmSettingsFrom,
  scannedHeight,
  viemNode,
  type BlockScanner,
  type EvmToken,
  type PollResult,
  type ScanBatch,
} from '../chains';
import { systemAccount, userAccount, type MoneyCommands } from '../ledger';
import { chainDepositRepo, type SeenDeposit } from './repository';
import type { AddressOwner, DepositService } from './service';

/** How many confirmed deposits one money command credits (one ledger transaction each). */
const CREDIT_BATCH = 500;

/** The token contracts of a chain's catalogue: what its scanner reads `Transfer` logs of. */
export function catalogueTokens(deposits: DepositService, chain: DepositChainId): EvmToken[] {
  const tron = DEPOSIT_CHAINS[chain].family === 'tron';
  return deposits.routes
    .filter((r) => r.chain === chain && r.token !== null)
    .map((r) => ({
      coin: r.symbol,
      address: tron ? tronAddressToHex(r.token!) : r.token!,
      decimals: r.decimals,
    }));
}

/** The chain's own coin if deposits of it have a route (ETH on Ethereum; TRX on TRON has none), for its scanner. */
export function catalogueNativeCoin(deposits: DepositService, chain: DepositChainId): string | null {
  return deposits.routes.find((r) => r.chain === chain && r.token === null)?.symbol ?? null;
}

/** The scanner's question "which of these addresses are ours", answered by the deposits module. */
export function ownerLookup(deposits: DepositService) {
  return (chain: string, addresses: string[]): Promise<Map<string, AddressOwner>> => {
    if (!(DEPOSIT_CHAIN_IDS as readonly string[]).includes(chain)) throw new Error(`no deposits on chain ${chain}`);
    return deposits.ownersOf(chain as DepositChainId, addresses);
  };
}

/**
 * A chain's deposits from seen to credited (docs/deposits.md "Detection"). The scanner hands each
 * batch of blocks to `record` inside the transaction that moves its cursor, so what is recorded and
 * how far the chain was read commit together: a crash in between re-reads the batch, and the
 * unique (chain, key) makes a second sighting update the first. A transfer below the route's
 * minimum is recorded as failed (`below_minimum`) and never credited; a re-org that removes an
 * uncredited deposit's block fails it (`dropped`), and the same transfer seen again in another
 * block brings it back. After each poll `creditConfirmed` credits, exactly once, every deposit
 * whose block has the route's confirmations below the scanner's cursor, in a money command that
 * holds the cursor still: a re-org cannot move it back between the count and the credit. A re-org
 * that removes a credited deposit's block flags it as an incident for an operator; nothing is
 * reversed on its own.
 */
export class DepositWatcher {
  readonly chain: DepositChainId;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { deposits: DepositService; money: MoneyCommands; scanner: BlockScanner<AddressOwner> },
  ) {
    this.chain = deps.scanner.chain as DepositChainId;
  }

  get scanner(): BlockScanner<AddressOwner> {
    return this.deps.scanner;
  }

  /** The scanner's progress, as /readyz shows it. */
  status(): ChainWatcherStatus {
    const { chain, head, cursor, lag, failures, lastError } = this.deps.scanner.status();
    return { chain, head, cursor, lag, failures, lastError };
  }

  /** One poll, then the crediting: what tests and the timer's loop run. */
  async pollOnce(): Promise<PollResult<AddressOwner>> {
    const r = await this.deps.scanner.poll(this.record);
    await this.creditConfirmed();
    return r;
  }

  start(): void {
    this.deps.scanner.start(this.record, async () => {
      await this.creditConfirmed();
    });
  }

  stop(): Promise<void> {
    return this.deps.scanner.stop();
  }

  /** Records a batch of blocks in the scanner's transaction: new deposits, re-orgs' drops and incidents. */
  readonly record = async (batch: ScanBatch<AddressOwner>, tx: Tx): Promise<void> => {
    const now = this.ctx.clock.now();
    if (batch.orphaned.length) {
      const hashes = batch.orphaned.map((b) => b.hash);
      const dropped = await chainDepositRepo.dropIn(tx, this.chain, hashes, now);
      const flagged = await chainDepositRepo.flagIn(tx, this.chain, hashes, now);
      if (dropped.length)
        this.ctx.log.warn(
          { chain: this.chain, deposits: dropped },
          'deposits: a re-org dropped deposits before they were credited',
        );
      if (flagged.length)
        this.ctx.log.error(
          { chain: this.chain, deposits: flagged },
          'deposits: a re-org removed the blocks of credited deposits (flagged for an operator)',
        );
    }
    if (batch.deepReorg)
      this.ctx.log.error(
        { chain: this.chain, cursor: batch.cursor },
        'deposits: a re-org deeper than the kept block hashes: older deposits cannot be checked',
      );
    const family = DEPOSIT_CHAINS[this.chain].family;
    const seen: SeenDeposit[] = [];
    for (const block of batch.blocks) {
      for (const t of block.transfers) {
        const route = this.deps.deposits.routes.find((r) => r.chain === this.chain && r.symbol === t.coin);
        // The scanner reads only the catalogue's tokens and the chain's own coin.
        if (!route) throw new Error(`${this.chain}: a transfer of ${t.coin}, which has no route`);
        seen.push({
          userId: t.owner.userId,
          asset: t.coin,
          amount: t.amount,
          belowMinimum: t.amount < route.minDeposit,
          // The sender in the form the app shows (a TRON account arrives as hex).
          from: t.from === null ? null : addressLookup(family, t.from),
          to: t.owner.address,
          txHash: t.txHash,
          key: t.key,
          blockNumber: t.blockNumber,
          blockHash: t.blockHash,
          confirmations: route.confirmations,
        });
      }
    }
    await chainDepositRepo.record(tx, this.chain, seen, now);
  };

  /** Credits every deposit with its confirmations, in batches; how many. */
  async creditConfirmed(): Promise<number> {
    let total = 0;
    for (;;) {
      const credited = await this.deps.money.run({
        userId: null,
        step: async ({ tx, now, postMany }) => {
          const height = await scannedHeight(tx, this.chain);
          if (height === null) return 0;
          const rows = await chainDepositRepo.confirm(tx, this.chain, height, CREDIT_BATCH, now);
          if (!rows.length) return 0;
          const ids = await postMany(
            rows.map((d) => ({
              mode: 'real' as const,
              kind: 'deposit',
              reference: `deposit:${d.id}`,
              postings: [
                { account: systemAccount('real', 'external_deposits', d.asset), amount: -d.amount },
                { account: userAccount(d.userId, 'real', 'currency', d.asset), amount: d.amount },
              ],
            })),
          );
          await chainDepositRepo.setTransactions(
            tx,
            rows.map((d, i) => [d.id, ids[i]!]),
          );
          await chainDepositRepo.notifyCredited(tx, this.chain, rows, now);
          return rows.length;
        },
      });
      total += credited;
      if (credited < CREDIT_BATCH) return total;
    }
  }
}

/**
 * The scanners of every chain with a configured node, each the scanner its chain's family needs
 * (EVM logs on Ethereum and TRON, reading the catalogue's tokens; bitcoind's blocks on Bitcoin, for
 * the catalogue's BTC route). Also what tests build a second watcher of a chain from.
 */
export function chainScanners(ctx: AppContext, deposits: DepositService): BlockScanner<AddressOwner>[] {
  const deps = { db: () => ctx.db, lookup: ownerLookup(deposits), clock: ctx.clock, log: ctx.log };
  const scanners: BlockScanner<AddressOwner>[] = [];
  for (const chain of ['ethereum', 'tron'] as const) {
    const evm = evmSettingsFrom(
      ctx.config.chains,
      chain,
      catalogueTokens(deposits, chain),
      catalogueNativeCoin(deposits, chain),
    );
    if (evm) scanners.push(new EvmScanner<AddressOwner>(evm.settings, { ...deps, node: viemNode(evm.rpcUrl) }));
  }
  const btcCoin = catalogueNativeCoin(deposits, 'bitcoin');
  const btc = btcCoin === null ? null : bitcoinSettingsFrom(ctx.config.chains, btcCoin);
  if (btc) scanners.push(new BitcoinScanner<AddressOwner>(btc.settings, { ...deps, node: bitcoindNode(btc.rpcUrl) }));
  return scanners;
}
