import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawAddress } from '@app/contract';
import { DelayedLoading, NotAvailable, PageLoadError } from '../../../../components/page-state';
import { useRechargeTypes } from '../../../../lib/api/get-recharge-types';
import { addressCoins } from '../../model/address-book';
import { useWithdrawText } from '../../strings';
import { AddressForm } from '../address-form';
import { AddressList } from '../address-list';
import { FundPasswordGate } from '../fund-password-gate';
import { useSavedNotice } from '../withdraw-pages';
import '../../withdraw.css';

/** The add form beside the list; after a save it starts empty again. */
function AddAddressPanel() {
  const w = useWithdrawText();
  const types = useRechargeTypes();
  const notice = useSavedNotice();
  const [round, setRound] = useState(0);
  const onSaved = (a: WithdrawAddress) => {
    notice(a);
    setRound((n) => n + 1);
  };
  return (
    <div className="desk-withdraw__form">
      <h3 className="withdraw-network__title">{w('addAddress')}</h3>
      <FundPasswordGate>
        {types.isError ? <PageLoadError onRetry={() => void types.refetch()} /> : null}
        {!types.data && !types.isError ? <DelayedLoading /> : null}
        {types.data ? <AddressForm key={round} coins={addressCoins(types.data)} initial={{}} onSaved={onSaved} /> : null}
      </FundPasswordGate>
    </div>
  );
}

/**
 * /pages/desktop/withdraw/index: the withdrawal form is not built yet, and the page says so; the
 * address book (the list with delete, and the add form) works in full.
 */
export function WithdrawDeskPage() {
  const { t } = useTranslation();
  const w = useWithdrawText();
  return (
    <div className="desk-page">
      <section className="desk-panel" aria-label={t('routes.withdraw')}>
        <NotAvailable title={w('withdrawNotYetTitle')} text={w('withdrawNotYetText')} homeLink={false} />
      </section>
      <section className="desk-panel" aria-labelledby="desk-address-book">
        <h2 id="desk-address-book" className="desk-panel__title">
          {w('addressBook')}
        </h2>
        <div className="desk-withdraw">
          <AddAddressPanel />
          <div className="desk-withdraw__list">
            <AddressList />
          </div>
        </div>
      </section>
    </div>
  );
}
