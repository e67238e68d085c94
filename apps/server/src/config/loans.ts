import { int, type Env } from '../lib/env';

/** Settings of loans (docs/configuration.md "Loans"). */
export interface LoanConfig {
  /** An application worth more than this (USDT, when applying) needs two different operators to approve it. */
  fourEyesUsdt: number;
}

export function loadLoanConfig(env: Env): LoanConfig {
  return { fourEyesUsdt: int(env, 'LOAN_FOUR_EYES_USDT', 10_000, 0, 1_000_000_000) };
}
