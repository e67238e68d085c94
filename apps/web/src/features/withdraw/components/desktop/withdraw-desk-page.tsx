import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WithdrawAddress } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../../components/page-state';
import { useRechargeTypes } from '../../../../lib/api/get-recharge-types';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import { addressCoins } from '../../model/address-book';
import { useWithdrawText } from '../../strings';
import { AddressForm } from '../address-form';
import { AddressList } from '../address-list';
import { FundPasswordGate } from '../fund-password-gate';
import { WithdrawForm } from '../withdraw-form';
import { WithdrawalList } from '../withdrawal-list';
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
        {types.data ? (
          <AddressForm key={round} coins={addressCoins(types.data)} initial={{}} onSaved={onSaved} />
        ) : null}
      </FundPasswordGate>
    </div>
  );
}

/** The withdraw form; after a confirmed withdrawal it starts again, and the history beside it shows the new one. */
function WithdrawPanel() {
  const types = useRechargeTypes();
  const [params] = useSearchParams();
  const [round, setRound] = useState(0);
  if (types.isError) return <PageLoadError onRetry={() => void types.refetch()} />;
  if (!types.data) return <DelayedLoading />;
  return (
    <WithdrawForm
      key={round}
      coins={addressCoins(types.data)}
      initial={{ currency: params.get('currency'), chain: params.get('chain') }}
      onWithdrawn={() => setRound((n) => n + 1)}
    />
  );
}

/** The history panel: its heading, the records (and "Load more"). */
function HistoryPanel() {
  const { t } = useTranslation();
  return (
    <section className="desk-panel desk-withdraw__history" aria-labelledby="desk-withdraw-history">
      <h2 id="desk-withdraw-history" className="desk-panel__title">
        {t('routes.withdrawHistory')}
      </h2>
      <WithdrawalList labelledBy="desk-withdraw-history" />
    </section>
  );
}

/**
 * /pages/desktop/withdraw/index: the withdraw form beside the history, the address book (the list
 * with delete, and the add form) below.
 */
export function WithdrawDeskPage() {
  const { t } = useTranslation();
  const w = useWithdrawText();
  return (
    <div className="desk-page">
      <div className="desk-withdraw-top">
        <section className="desk-panel" aria-label={t('routes.withdraw')}>
          <div className="desk-panel__head withdraw-links">
            <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.withdrawHistory}>
              {w('history')}
            </Link>
            <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.recharge}>
              {t('routes.recharge')}
            </Link>
          </div>
          <WithdrawPanel />
        </section>
        <HistoryPanel />
      </div>
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

/** /pages/desktop/withdraw/components/history: the history alone, with a way back to the form. */
export function WithdrawHistoryDeskPage() {
  const w = useWithdrawText();
  return (
    <div className="desk-page">
      <div className="withdraw-links">
        <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.withdraw}>
          {w('newWithdrawal')}
        </Link>
      </div>
      <HistoryPanel />
    </div>
  );
}
