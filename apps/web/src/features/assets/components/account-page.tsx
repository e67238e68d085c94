import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES, type WalletName } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { useAssetList } from '../../../lib/api/get-asset-list';
import { formatMoney } from '../../../lib/format';
import { useAccountChanges } from '../api/get-account-changes';
import { useUserAssetData } from '../../../lib/api/get-user-asset-data';
import { walletRows } from '../model/wallet-rows';
import { StatementList } from './statement-list';
import { ASSETS_PATHS } from './assets-paths';
import { BalanceList } from './balance-list';
import '../assets.css';

function walletFrom(value: string | null): WalletName {
  return WALLET_NAMES.includes(value as WalletName) ? (value as WalletName) : 'currency';
}

/** /pages/assets/account?wallet=…: one account's balances and its balance changes. */
export function AccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wallet = walletFrom(params.get('wallet'));
  const data = useUserAssetData();
  const assets = useAssetList();
  const changes = useAccountChanges(wallet);
  const valued = data.data?.wallets.find((w) => w.wallet === wallet);
  const rows = walletRows(valued, assets.data).filter((r) => !r.isZero);
  const items = changes.data?.pages.flatMap((p) => p.items) ?? [];
  const title = t(`wallets.${wallet}`);
  const { hash } = useLocation();
  const changesShown = changes.data !== undefined;
  // "Account changes" on the assets page links here with #account-changes: bring the list into view.
  useEffect(() => {
    if (hash === '#account-changes' && changesShown)
      document.getElementById('account-changes')?.scrollIntoView({ block: 'start' });
  }, [hash, changesShown]);

  return (
    <div className="assets">
      <section className="total-card" aria-labelledby="account-total">
        <h2 id="account-total" className="total-card__label">
          {title} · {t('assets.totalUsdt')}
        </h2>
        <p className="total-card__value mono">{valued ? formatMoney(valued.totalUsdt) : '--'}</p>
        <div className="total-card__actions">
          <Link className="button button--primary button--small" to={`${ASSETS_PATHS.transfer}?from=${wallet}`}>
            {t('assets.transfer')}
          </Link>
          <Link className="button button--secondary button--small" to={ASSETS_PATHS.transferRecords}>
            {t('routes.transferRecords')}
          </Link>
        </div>
      </section>

      <section className="wallet-card" aria-labelledby="account-balances">
        <h2 id="account-balances" className="wallet-card__title">
          {t('assets.balances')}
        </h2>
        {data.isPending ? <DelayedLoading /> : <BalanceList rows={rows} label={title} />}
      </section>

      <section className="wallet-card" aria-labelledby="account-changes">
        <h2 id="account-changes" className="wallet-card__title">
          {t('assets.accountChanges')}
        </h2>
        {changes.isPending ? <DelayedLoading /> : null}
        {changes.data && items.length === 0 ? <p className="empty-text">{t('assets.noRecords')}</p> : null}
        <StatementList
          items={items}
          hasMore={changes.hasNextPage}
          loadingMore={changes.isFetchingNextPage}
          onLoadMore={() => void changes.fetchNextPage()}
        />
      </section>
    </div>
  );
}
