import type { DepositChainId, WithdrawUnavailable, WithdrawUnavailableReason } from '@app/contract';
import type { DepositRouteConfig } from '../../config';
import type { AppContext } from '../../context';
import { viemWalletReader, type EvmWalletReader } from '../chains';
import { hotWalletAddress } from './hot-wallet';

/** What a token transfer's gas is reckoned at (a USDT transfer uses about 45,000–65,000). */
const TOKEN_TRANSFER_GAS = 100_000n;
/** A transfer of the chain's own coin. */
const NATIVE_TRANSFER_GAS = 21_000n;

/** The smallest payout of a route (its minimum amount less its standard fee), and its operators' switch, from the settings. */
export interface RouteLimits {
  enabled: boolean;
  /** When the operators last changed the setting (the start of a switch-off). */
  updatedAt: Date;
  /** The smallest amount a withdrawal pays out (minimum amount − standard fee), in base units. */
  smallestPayout: bigint;
}

interface Seen {
  reason: WithdrawUnavailableReason;
  since: Date;
}

/** One chain the availability check reads: its node and the hot wallet's address. */
export interface ProbeLane {
  chain: DepositChainId;
  chainId: number;
  node: EvmWalletReader;
  hot: string;
}

/**
 * Why withdrawals of a coin on a chain are not available now, and since when
 * (docs/withdrawals.md "Availability"): the first that applies of the configuration's (the route
 * switched off, no node, no hot-wallet key: since the server started; a chain the product does not
 * send on: no time, it was never available), the operators' switch (since they changed it), and what the last check of the chain
 * found (the node does not answer or answers for another chain, its newest block is older than
 * CHAIN_STALL_SECONDS, the hot wallet cannot pay the smallest withdrawal or its gas: since the first
 * check that found it). The check runs in every process (jobs.ts "withdrawal availability"); what
 * one process found is its own, so "since" is when this process first saw it.
 */
export class WithdrawalAvailability {
  readonly startedAt: Date;
  readonly lanes: readonly ProbeLane[];
  /** Per chain: the node's trouble. */
  private readonly chainSeen = new Map<DepositChainId, Seen>();
  /** Per `SYMBOL:chain`: the hot wallet's shortfall. */
  private readonly routeSeen = new Map<string, Seen>();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      routes: readonly DepositRouteConfig[];
      /** The chains with a withdrawal signer (`signerChains`). */
      signerChains: readonly DepositChainId[];
      /** Default: Ethereum's node and the hot wallet, when it has a signer. */
      lanes?: readonly ProbeLane[];
    },
  ) {
    this.startedAt = ctx.clock.now();
    this.lanes = deps.lanes ?? configuredProbeLanes(ctx, deps.signerChains);
  }

  /** Why the configuration leaves no way to send this route now (null: it does not). */
  private configReason(route: DepositRouteConfig): WithdrawUnavailableReason | null {
    if (!route.enabled) return 'disabled';
    if (this.deps.signerChains.includes(route.chain)) return null;
    // Only Ethereum has a signer (docs/decisions/0095-withdrawal-signer-ethereum-only.md).
    if (route.chain !== 'ethereum') return 'chain_unsupported';
    if (!this.ctx.config.chains.ethereum.rpcUrl) return 'no_node';
    return 'no_hot_wallet';
  }

  /** Why withdrawals of the route are not available now, and since when; null when they are. */
  reason(route: DepositRouteConfig, limits: Pick<RouteLimits, 'enabled' | 'updatedAt'>): WithdrawUnavailable | null {
    const config = this.configReason(route);
    if (config === 'disabled') return { reason: config, since: this.startedAt.getTime() };
    if (!limits.enabled) return { reason: 'switched_off', since: limits.updatedAt.getTime() };
    // A network the product does not send on is a fact of the product, not an outage: no "since".
    if (config === 'chain_unsupported') return { reason: config, since: null };
    if (config) return { reason: config, since: this.startedAt.getTime() };
    const seen = this.chainSeen.get(route.chain) ?? this.routeSeen.get(`${route.symbol}:${route.chain}`);
    return seen ? { reason: seen.reason, since: seen.since.getTime() } : null;
  }

  private note(map: Map<string, Seen>, key: string, reason: WithdrawUnavailableReason | null): void {
    if (reason === null) {
      map.delete(key);
      return;
    }
    if (map.get(key)?.reason !== reason) map.set(key, { reason, since: this.ctx.clock.now() });
  }

  /**
   * One check of every chain with a signer: the node, its newest block, the hot wallet's balances
   * against each enabled route's smallest payout and gas. Never throws; what it found is kept for
   * `reason`. `limits(symbol, chain)` gives the route's setting (the operators' table).
   */
  async probeOnce(limits: (symbol: string, chain: DepositChainId) => Promise<RouteLimits>): Promise<void> {
    for (const lane of this.lanes) {
      const chainMap = this.chainSeen as Map<string, Seen>;
      const routes = this.deps.routes.filter((r) => r.chain === lane.chain && r.enabled);
      let block;
      try {
        const id = await lane.node.chainId();
        if (id !== lane.chainId) throw new Error(`the node answers chain id ${id}, configured ${lane.chainId}`);
        block = await lane.node.latestBlock();
      } catch (e) {
        if (this.chainSeen.get(lane.chain)?.reason !== 'node_unreachable')
          this.ctx.log.warn(
            { chain: lane.chain, err: e instanceof Error ? e.message : String(e) },
            'withdrawals: the node does not answer; withdrawals on it are unavailable',
          );
        this.note(chainMap, lane.chain, 'node_unreachable');
        continue;
      }
      const stall = this.ctx.config.chains.stallSeconds;
      const ageSeconds = this.ctx.clock.now().getTime() / 1000 - block.timestamp;
      if (stall > 0 && ageSeconds > stall) {
        this.note(chainMap, lane.chain, 'node_stalled');
        continue;
      }
      this.note(chainMap, lane.chain, null);
      try {
        const tip = await lane.node.priorityFee();
        const feePerGas = 2n * block.baseFeePerGas + tip;
        const native = await lane.node.balance(lane.hot);
        for (const route of routes) {
          const { smallestPayout } = await limits(route.symbol, route.chain);
          let short: boolean;
          if (route.token === null) short = native < smallestPayout + NATIVE_TRANSFER_GAS * feePerGas;
          else
            short =
              native < TOKEN_TRANSFER_GAS * feePerGas ||
              (await lane.node.tokenBalance(route.token, lane.hot)) < smallestPayout;
          const key = `${route.symbol}:${route.chain}`;
          if (short && this.routeSeen.get(key)?.reason !== 'hot_wallet_short')
            this.ctx.log.warn(
              { chain: lane.chain, coin: route.symbol, hot: lane.hot },
              'withdrawals: the hot wallet cannot pay the smallest withdrawal (or its gas); withdrawals of this coin are unavailable',
            );
          this.note(this.routeSeen, key, short ? 'hot_wallet_short' : null);
        }
      } catch (e) {
        this.note(chainMap, lane.chain, 'node_unreachable');
        this.ctx.log.warn(
          { chain: lane.chain, err: e instanceof Error ? e.message : String(e) },
          'withdrawals: reading the hot wallet failed',
        );
      }
    }
  }
}

/** Ethereum's node and the hot wallet's address, when Ethereum has a signer. */
function configuredProbeLanes(ctx: AppContext, signerChains: readonly DepositChainId[]): ProbeLane[] {
  const rpcUrl = ctx.config.chains.ethereum.rpcUrl;
  if (!signerChains.includes('ethereum') || !rpcUrl) return [];
  const hot = hotWalletAddress(ctx);
  if (!hot) return [];
  return [{ chain: 'ethereum', chainId: ctx.config.chains.ethereum.chainId, node: viemWalletReader(rpcUrl), hot }];
}
