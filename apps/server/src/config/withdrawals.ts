import { int, type Env } from '../lib/env';

/** Settings of withdrawals (docs/configuration.md "Withdrawals"). */
export interface WithdrawalConfig {
  /** Hours after saving a withdrawal address before money may be sent to it. */
  addressHoldHours: number;
}

export function loadWithdrawalConfig(env: Env): WithdrawalConfig {
  return { addressHoldHours: int(env, 'WITHDRAW_ADDRESS_HOLD_HOURS', 24, 0, 720) };
}
