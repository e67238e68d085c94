import { int, type Env } from '../lib/env';

/** Settings of seconds contracts. */
export interface ContractConfig {
  /**
   * How long after expiry settlement waits, so a real feed's tick stamped at or before the expiry
   * but delivered a moment later is stored before the close price is read.
   */
  settleGraceMs: number;
  /** Pause between passes of the settlement worker. */
  settleEveryMs: number;
  /** About how many contracts one database transaction settles: whole users each. */
  settleBatch: number;
  /** Batches a settlement pass runs at once, on disjoint users (PostgreSQL; PGlite has one connection). */
  settleLanes: number;
  /**
   * How far ahead of their expiry the settlement worker reads open contracts, so that at the
   * expiry only the close ticks and the writes are left. Below the shortest duration, a
   * contract is normally open before its expiry comes into view.
   */
  stageAheadMs: number;
  /** At most this many contracts are held read ahead (about 350 bytes each: 90 MB at the default); the rest are read when due. */
  stageMax: number;
  /** A price older than this cannot open a contract (a feed that stopped). */
  maxTickAgeMs: number;
}

export function loadContractConfig(env: Env): ContractConfig {
  return {
    settleGraceMs: int(env, 'CONTRACT_SETTLE_GRACE_MS', 300, 0, 60_000),
    settleEveryMs: int(env, 'CONTRACT_SETTLE_EVERY_MS', 200, 10, 60_000),
    settleBatch: int(env, 'CONTRACT_SETTLE_BATCH', 10_000, 1, 50_000),
    settleLanes: int(env, 'CONTRACT_SETTLE_LANES', 2, 1, 16),
    stageAheadMs: int(env, 'CONTRACT_STAGE_AHEAD_MS', 10_000, 0, 600_000),
    stageMax: int(env, 'CONTRACT_STAGE_MAX', 250_000, 0, 5_000_000),
    maxTickAgeMs: int(env, 'CONTRACT_MAX_TICK_AGE_MS', 60_000, 1000, 86_400_000),
  };
}
