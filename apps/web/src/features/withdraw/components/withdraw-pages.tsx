import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WithdrawAddress } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { SelectField } from '../../../components/select-field';
import { useRechargeTypes } from '../../../lib/api/get-recharge-types';
import { toastSuccess } from '../../../lib/feedback/toast';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/routing/paths';
import { useWithdrawAddresses } from '../api/get-withdraw-addresses';
import { useWithdrawAddressInfo } from '../api/get-withdraw-address-info';
import { addressCoins, networkLabel, pickCoin, savedCoins } from '../model/address-book';
import { useWithdrawText } from '../strings';
import { AddressItems, AddressList } from './address-list';
import { AddressForm } from './address-form';
import { FundPasswordGate } from './fund-password-gate';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';
import '../withdraw.css';

const coinPath = (coin: string) => `${PATHS.withdrawAddress}?currency=${encodeURIComponent(coin)}`;
const createPath = (coin?: string, chain?: string) =>
  coin
    ? `${PATHS.createAddress}?${new URLSearchParams(chain ? { currency: coin, chain } : { currency: coin }).toString()}`
    : PATHS.createAddress;

/** Links to each saved coin's page (its addresses by network). */
function CoinLinks() {
  const w = useWithdrawText();
  const list = useWithdrawAddresses();
  const coins = savedCoins(list.data ?? []);
  if (coins.length === 0) return null;
  return (
    <nav className="withdraw-coins" aria-label={w('coin')}>
      {coins.map((c) => (
        <Link key={c} className="button button--secondary button--small" to={coinPath(c)}>
          {w('byNetwork', { coin: c })}
        </Link>
      ))}
    </nav>
  );
}

/** /pages/withdraw/withdraw-address-list: every saved withdrawal address (all coins), "Add address", delete with the fund password. */
export function WithdrawAddressListPage() {
  const w = useWithdrawText();
  return (
    <div className="withdraw-page">
      <div className="withdraw-page__head">
        <p className="withdraw-note">{w('holdNote')}</p>
        <Link className="button button--primary" to={PATHS.createAddress}>
          {w('addAddress')}
        </Link>
      </div>
      <CoinLinks />
      <AddressList />
    </div>
  );
}

/** Says the address is saved and when it can be used. */
export function useSavedNotice() {
  const w = useWithdrawText();
  return (a: WithdrawAddress) => toastSuccess(w('saved', { time: formatDateTime(a.usableFrom) }));
}

/** /pages/withdraw/create-address (`?currency=&chain=` preset the pickers): the add form, then back to the list (or the coin's page it came from). */
export function CreateAddressPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const types = useRechargeTypes();
  const notice = useSavedNotice();
  const currency = params.get('currency');
  const onSaved = (a: WithdrawAddress) => {
    notice(a);
    void navigate(currency ? coinPath(a.currency) : PATHS.withdrawAddressList, { replace: true });
  };
  return (
    <div className="withdraw-page">
      <FundPasswordGate>
        {types.isError ? <PageLoadError onRetry={() => void types.refetch()} /> : null}
        {!types.data && !types.isError ? <DelayedLoading /> : null}
        {types.data ? (
          <AddressForm
            coins={addressCoins(types.data)}
            initial={{ currency, chain: params.get('chain') }}
            onSaved={onSaved}
          />
        ) : null}
      </FundPasswordGate>
    </div>
  );
}

/** One coin's networks, each with the addresses saved on it (or a link to add one there). */
function CoinAddresses({ currency }: { currency: string }) {
  const w = useWithdrawText();
  const info = useWithdrawAddressInfo(currency);
  if (info.isError) return <PageLoadError onRetry={() => void info.refetch()} />;
  if (!info.data) return <DelayedLoading />;
  const { nextUsableAt } = info.data;
  return (
    <>
      {nextUsableAt !== null ? (
        <p className="withdraw-note">{w('nextUsable', { coin: currency, time: formatDateTime(nextUsableAt) })}</p>
      ) : null}
      {info.data.chains.map((c) => {
        const network = networkLabel(c);
        return (
          <section
            key={c.chainType}
            className="withdraw-network"
            data-testid="withdraw-network"
            data-chain={c.chainType}
            aria-label={network}
          >
            <h2 className="withdraw-network__title">{network}</h2>
            {c.addresses.length > 0 ? (
              <AddressItems addresses={c.addresses} label={network} />
            ) : (
              <p className="withdraw-empty__text">{w('noAddressOnNetwork')}</p>
            )}
            <Link className="link link--strong" to={createPath(currency, c.chainType)}>
              {w('addOnNetwork', { protocol: c.protocol })}
            </Link>
          </section>
        );
      })}
    </>
  );
}

/**
 * /pages/withdraw/withdraw-address (`?currency=`, USDT when none): one coin's saved addresses by
 * network, every network the coin is on, so the user sees where they can withdraw it
 * (docs/decisions/0082-withdrawal-address-book-screens.md).
 */
export function WithdrawAddressPage() {
  const w = useWithdrawText();
  const [params, setParams] = useSearchParams();
  const types = useRechargeTypes();
  const coins = addressCoins(types.data);
  const coin = pickCoin(coins, params.get('currency'));
  if (types.isError) return <PageLoadError onRetry={() => void types.refetch()} />;
  if (!types.data) return <DelayedLoading />;
  return (
    <div className="withdraw-page">
      <div className="withdraw-page__head">
        <SelectField
          label={w('coin')}
          value={coin?.symbol ?? ''}
          options={coins.map((c) => ({ value: c.symbol, label: `${c.symbol} — ${c.name}` }))}
          onChange={(next) => setParams({ currency: next }, { replace: true })}
        />
        <Link className="link" to={PATHS.withdrawAddressList}>
          {w('allAddresses')}
        </Link>
      </div>
      {coin ? <CoinAddresses key={coin.symbol} currency={coin.symbol} /> : null}
    </div>
  );
}

/**
 * /pages/withdraw/withdraw (`?currency=&chain=` preset the pickers): the withdraw form (docs/product.md §2
 * "Withdraw"); once confirmed, the history, where the new withdrawal shows as processing.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const types = useRechargeTypes();
  return (
    <div className="withdraw-page">
      <nav className="withdraw-links" aria-label={t('routes.withdraw')}>
        <Link className="button button--secondary button--small" to={PATHS.withdrawHistory}>
          {w('history')}
        </Link>
        <Link className="button button--secondary button--small" to={PATHS.withdrawAddressList}>
          {w('addressBook')}
        </Link>
        <Link className="button button--secondary button--small" to={PATHS.recharge}>
          {t('routes.recharge')}
        </Link>
      </nav>
      {types.isError ? <PageLoadError onRetry={() => void types.refetch()} /> : null}
      {!types.data && !types.isError ? <DelayedLoading /> : null}
      {types.data ? (
        <WithdrawForm
          coins={addressCoins(types.data)}
          initial={{ currency: params.get('currency'), chain: params.get('chain') }}
          onWithdrawn={() => void navigate(PATHS.withdrawHistory)}
        />
      ) : null}
    </div>
  );
}

/** /pages/withdraw/withdraw-history: the user's withdrawals, newest first, with their state as it changes. */
export function WithdrawHistoryPage() {
  return (
    <div className="withdraw-page">
      <WithdrawalList />
    </div>
  );
}
