import { Link } from 'react-router';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { VersionSwitch } from '../../../components/version-switch';
import { useAssetList } from '../../../lib/api/get-asset-list';
import { PaymentMarks } from '../../../components/payment-marks';
import { formatMoney } from '../../../lib/format';
import { ORDER_HISTORY_PATH, OTC_PATH } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { useUserAssetData } from '../../../lib/api/get-user-asset-data';
import { useHideSmallBalances } from '../hooks/use-hide-small-balances';
import { walletRows } from '../model/wallet-rows';
import { ASSETS_PATHS, accountPath } from './assets-paths';
import { BalanceList } from './balance-list';
import { MoneyActionLinks } from './money-action-links';
import '../assets.css';

/** /pages/assets/index (docs/product.md §2 "Assets", pull-down refresh). */
export function AssetsPage() {
  const { t } = useTranslation();
  const typeUser = useSessionStore((s) => s.typeUser);
  const data = useUserAssetData();
  const assets = useAssetList();
  const [hideSmall, setHideSmall] = useHideSmallBalances();

  const onRefresh = async () => {
    await Promise.all([data.refetch(), assets.refetch()]);
  };

  return (
    <PullToRefresh
      onRefresh={onRefresh}
      pullingText={t('assets.pullToRefresh')}
      canReleaseText={t('assets.releaseToRefresh')}
      refreshingText={t('app.loading')}
      completeText={t('assets.refreshed')}
    >
      <div className="assets">
        <VersionSwitch />
        <section
          className={`total-card${typeUser === 'demo' ? ' total-card--demo' : ''}`}
          aria-labelledby="assets-total"
        >
          <h2 id="assets-total" className="total-card__label">
            {t('assets.totalUsdt')}
          </h2>
          <p className="total-card__value mono" aria-live="polite">
            {data.data ? formatMoney(data.data.totalUsdt) : '--'}
          </p>
          {data.data && data.data.unpriced.length > 0 ? (
            <p className="total-card__note">{t('assets.unpriced', { coins: data.data.unpriced.join(', ') })}</p>
          ) : null}
          <div className="total-card__actions">
            <MoneyActionLinks layout="phone" />
            <Link className="button button--secondary button--small" to={ASSETS_PATHS.transferRecords}>
              {t('routes.transferRecords')}
            </Link>
            <Link className="button button--secondary button--small" to={OTC_PATH}>
              {t('assets.otc')}
            </Link>
            <Link className="button button--secondary button--small" to={ORDER_HISTORY_PATH}>
              {t('assets.orders')}
            </Link>
          </div>
        </section>

        <div className="assets__toolbar">
          <label className="checkbox">
            <input type="checkbox" checked={hideSmall} onChange={(e) => setHideSmall(e.target.checked)} />
            <span>{t('assets.hideSmall')}</span>
          </label>
        </div>

        {data.isPending ? <DelayedLoading /> : null}
        {data.data
          ? WALLET_NAMES.map((name) => {
              const wallet = data.data.wallets.find((w) => w.wallet === name);
              const rows = walletRows(wallet, assets.data, data.data.unpriced).filter((r) => !hideSmall || !r.isSmall);
              const title = t(`wallets.${name}`);
              return (
                <section key={name} className="wallet-card" aria-labelledby={`wallet-${name}`} data-wallet={name}>
                  <header className="wallet-card__head">
                    <h2 id={`wallet-${name}`} className="wallet-card__title">
                      <Link to={accountPath(name)} className="wallet-card__link">
                        {title}
                      </Link>
                    </h2>
                    <span className="wallet-card__total mono">
                      <span className="visually-hidden">{t('assets.accountTotal')}: </span>≈{' '}
                      {formatMoney(wallet?.totalUsdt ?? '0')} USDT
                    </span>
                  </header>
                  <Link
                    className="wallet-card__changes"
                    to={`${accountPath(name)}#account-changes`}
                    aria-label={t('statement.walletChanges', { wallet: title })}
                  >
                    {t('assets.accountChanges')}
                  </Link>
                  <BalanceList rows={rows} label={title} />
                </section>
              );
            })
          : null}
        <PaymentMarks />
      </div>
    </PullToRefresh>
  );
}
