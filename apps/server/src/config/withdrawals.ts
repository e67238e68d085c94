import { ConfigError, int, optionalStr, type Env } from '../lib/env';

/** Settings of withdrawals (docs/configuration.md "Withdrawals"). */
export interface WithdrawalConfig {
  /** Hours after saving a withdrawal address before money may be sent to it (unless confirmed by code). */
  addressHoldHours: number;
  /** Hours withdrawals pause after a change of the login password, the fund password or a contact. */
  securityLockHours: number;
  /** A withdrawal worth less than this (USDT, at the reference price) and with no risk flag is approved by the rules. */
  autoApproveUsdt: number;
  /** A withdrawal worth at least this (USDT) needs two different operators. */
  fourEyesUsdt: number;
  /** New users pay no withdrawal fee for this many calendar months after registering (docs/product.md §1: three). */
  feeFreeMonths: number;
  /** Signer: how often it looks for work, and after how many seconds unmined it re-sends at a higher fee. */
  signerPollMs: number;
  resendAfterSeconds: number;
  /**
   * The hot wallet's private key on EVM chains (0x and 64 hex digits). Unset: on the embedded default
   * (DEPOSIT_DEV_SEED) a development key derived from the development seed; otherwise no signer.
   */
  hotKeyEvm: `0x${string}` | undefined;
}

export function loadWithdrawalConfig(env: Env): WithdrawalConfig {
  const autoApproveUsdt = int(env, 'WITHDRAW_AUTO_APPROVE_USDT', 1000, 0, 1_000_000_000);
  const fourEyesUsdt = int(env, 'WITHDRAW_FOUR_EYES_USDT', 10_000, 0, 1_000_000_000);
  if (fourEyesUsdt < autoApproveUsdt)
    throw new ConfigError(
      'WITHDRAW_FOUR_EYES_USDT',
      String(fourEyesUsdt),
      `at least WITHDRAW_AUTO_APPROVE_USDT (${autoApproveUsdt})`,
    );
  const hotKey = optionalStr(env, 'WITHDRAW_HOT_KEY_EVM');
  if (hotKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(hotKey))
    throw new ConfigError('WITHDRAW_HOT_KEY_EVM', '(hidden)', '0x and 64 hex digits');
  return {
    addressHoldHours: int(env, 'WITHDRAW_ADDRESS_HOLD_HOURS', 24, 0, 720),
    securityLockHours: int(env, 'WITHDRAW_SECURITY_LOCK_HOURS', 24, 0, 720),
    autoApproveUsdt,
    fourEyesUsdt,
    feeFreeMonths: int(env, 'WITHDRAW_FEE_FREE_MONTHS', 3, 0, 120),
    signerPollMs: int(env, 'WITHDRAW_SIGNER_POLL_MS', 2000, 20, 600_000),
    resendAfterSeconds: int(env, 'WITHDRAW_RESEND_AFTER_SECONDS', 180, 1, 86_400),
    hotKeyEvm: hotKey as `0x${string}` | undefined,
  };
}
