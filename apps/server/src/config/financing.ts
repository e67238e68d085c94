import { int, type Env } from '../lib/env';

/** Settings of fixed-term financing (docs/configuration.md "Financing"). */
export interface FinancingConfig {
  /** The maturity job (engine role): the pause between its passes. */
  jobIntervalMs: number;
  /** Subscriptions paid per transaction of a pass (a pass takes batches until none is due). */
  jobBatch: number;
}

export function loadFinancingConfig(env: Env): FinancingConfig {
  return {
    jobIntervalMs: int(env, 'FINANCING_JOB_INTERVAL_MS', 60_000, 20, 3_600_000),
    jobBatch: int(env, 'FINANCING_JOB_BATCH', 200, 1, 10_000),
  };
}
