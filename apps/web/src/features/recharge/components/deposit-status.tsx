import type { RechargeRecord } from '@app/contract';
import { useRechargeTypes } from '../api/deposits';
import { NO_VALUE } from '../../../lib/format';
import { confirmationProgress } from '../model/selection';
import { useRechargeText } from '../strings';

/**
 * A record's status (docs/product.md §4: in progress, then success or fail): an in-progress deposit on chain
 * with its confirmation counter, a failed one with why.
 */
export function DepositStatus({ record }: { record: RechargeRecord }) {
  const r = useRechargeText();
  const progress = confirmationProgress(record);
  return (
    <span
      className={`deposit-status deposit-status--${record.status}`}
      data-testid="deposit-status"
      data-status={record.status}
    >
      {r(`statuses.${record.status}`)}
      {progress ? (
        <span className="deposit-status__progress" data-testid="deposit-confirmations-progress">
          {' · '}
          {r('confirmationsProgress', progress)}
        </span>
      ) : null}
      {record.failReason ? (
        <span className="deposit-status__reason" data-testid="deposit-fail-reason">
          {' · '}
          {r(`failReasons.${record.failReason}`)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The network a record came on ("Ethereum (ERC20)", from the catalogue the pickers load); none
 * for a back-stage credit. The chain's id until the catalogue is there.
 */
export function useRecordNetwork() {
  const types = useRechargeTypes();
  return (record: RechargeRecord): string => {
    if (!record.chain) return NO_VALUE;
    const route = types.data?.flatMap((c) => c.chains).find((c) => c.chain === record.chain);
    return route ? `${route.chainName} (${route.protocol})` : record.chain;
  };
}
