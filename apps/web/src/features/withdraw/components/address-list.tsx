import { lazy, Suspense, useState } from 'react';
import type { WithdrawAddress } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { useWithdrawAddresses } from '../api/get-withdraw-addresses';
import { useWithdrawText } from '../strings';
import { AddressItem } from './address-item';
import { DeleteAddressDialog } from './delete-address-dialog';

// Loaded when opened: the code field and the code requests stay out of the withdraw pages' chunk
// (and off the list of what the first route must know to load them).
const ConfirmAddressDialog = lazy(() =>
  import('./confirm-address-dialog').then((m) => ({ default: m.ConfirmAddressDialog })),
);

/** Saved addresses with "Delete" (asking for the fund password in a dialog) and, while held, "Confirm now with a code". */
export function AddressItems({ addresses, label }: { addresses: readonly WithdrawAddress[]; label: string }) {
  const [deleting, setDeleting] = useState<WithdrawAddress | null>(null);
  const [confirming, setConfirming] = useState<WithdrawAddress | null>(null);
  const nowMs = Date.now();
  return (
    <>
      <ul className="withdraw-addresses" aria-label={label}>
        {addresses.map((a) => (
          <AddressItem key={a.id} address={a} nowMs={nowMs} onDelete={setDeleting} onConfirm={setConfirming} />
        ))}
      </ul>
      {deleting ? <DeleteAddressDialog key={deleting.id} address={deleting} onClose={() => setDeleting(null)} /> : null}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmAddressDialog key={confirming.id} address={confirming} onClose={() => setConfirming(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The user's saved withdrawal addresses, all coins, newest first; an empty state when there are none. */
export function AddressList() {
  const w = useWithdrawText();
  const list = useWithdrawAddresses();
  if (list.isError) return <PageLoadError onRetry={() => void list.refetch()} />;
  if (!list.data) return <DelayedLoading />;
  if (list.data.length === 0) {
    return (
      <div className="withdraw-empty" data-testid="address-book-empty">
        <p className="withdraw-empty__title">{w('empty')}</p>
        <p className="withdraw-empty__text">{w('emptyText')}</p>
      </div>
    );
  }
  return <AddressItems addresses={list.data} label={w('addressBook')} />;
}
