import type { WithdrawAddress } from '@app/contract';
import { dateTimeAttribute, formatDateTime } from '../../../lib/format';
import { isHeld, networkLabel } from '../model/address-book';
import { useWithdrawText } from '../strings';

/** When a held address becomes usable, or that it is usable. */
export function AddressState({ address, nowMs }: { address: WithdrawAddress; nowMs: number }) {
  const w = useWithdrawText();
  if (!isHeld(address, nowMs)) return <span className="withdraw-state withdraw-state--usable">{w('usable')}</span>;
  return (
    <time
      className="withdraw-state withdraw-state--held"
      data-testid="address-held"
      dateTime={dateTimeAttribute(address.usableFrom)}
    >
      {w('usableFrom', { time: formatDateTime(address.usableFrom) })}
    </time>
  );
}

interface AddressItemProps {
  address: WithdrawAddress;
  nowMs: number;
  onDelete: (a: WithdrawAddress) => void;
  /** "Confirm now with a code", shown while the address is held. */
  onConfirm: (a: WithdrawAddress) => void;
}

/** One saved address: coin, network, nickname, the address (monospace, wrapping), its state, "Confirm now with a code" while held, and "Delete". */
export function AddressItem({ address, nowMs, onDelete, onConfirm }: AddressItemProps) {
  const w = useWithdrawText();
  const network = networkLabel(address);
  const name = address.nickname || `${address.currency} ${address.protocol}`;
  return (
    <li className="withdraw-address" data-testid="withdraw-address" data-id={address.id} data-state={address.state}>
      <div className="withdraw-address__head">
        <span className="withdraw-address__coin">{address.currency}</span>
        <span className="withdraw-address__network">{network}</span>
        {address.nickname ? <span className="withdraw-address__nickname">{address.nickname}</span> : null}
      </div>
      <p className="withdraw-address__address mono">{address.address}</p>
      <div className="withdraw-address__foot">
        <AddressState address={address} nowMs={nowMs} />
        {/* The actions keep together, each on one line: beside the state when they fit, else on a row below it. */}
        <div className="withdraw-address__actions" data-testid="address-actions">
          {isHeld(address, nowMs) ? (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={w('confirmNowLabel', { name })}
              onClick={() => onConfirm(address)}
            >
              {w('confirmNow')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={w('deleteLabel', { name })}
            onClick={() => onDelete(address)}
          >
            {w('delete')}
          </button>
        </div>
      </div>
    </li>
  );
}
