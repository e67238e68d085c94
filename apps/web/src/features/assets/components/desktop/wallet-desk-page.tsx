import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES } from '@app/contract';
import { CoinIcon } from '../../../../components/coin-icon';
import { DelayedLoading } from '../../../../components/page-state';
import { useAssetList } from '../../../../lib/api/get-asset-list';
import { formatAssetAmount, formatMoney } from '../../../../lib/format';
import { DESKTOP_PATHS, OTC_PATH } from '../../../../lib/routing/paths';
import { useUserAssetData } from '../../../../lib/api/get-user-asset-data';
import { walletRows } from '../../model/wallet-rows';
import { MoneyActionLinks } from '../money-action-links';
import '../../assets-desktop.css';

/**
 * /pages/desktop/wallet/index (docs/product.md §2 "wallet"): the three accounts' totals, each opening its
 * balances on the assets page, and every coin the user holds across the three accounts.
 */
export function WalletDeskPage() {
  const { t } = useTranslation();
  const data = useUserAssetData();
  const assets = useAssetList();
  const perWallet = WALLET_NAMES.map((name) => {
    const rows = walletRows(
      data.data?.wallets.find((w) => w.wallet === name),
      assets.data,
    );
    return new Map(rows.filter((r) => !r.isZero).map((r) => [r.asset, r]));
  });
  const held = [...new Set(perWallet.flatMap((m) => [...m.keys()]))];

  return (
    <div className="desk-page">
      <section className="desk-summary" aria-labelledby="wallet-total">
        <div className="desk-summary__total">
          <h2 id="wallet-total" className="desk-summary__label">
            {t('assets.totalUsdt')}
          </h2>
          <p className="desk-summary__value mono">{data.data ? formatMoney(data.data.totalUsdt) : '--'}</p>
        </div>
        <div className="desk-summary__end">
          <MoneyActionLinks layout="desktop" />
          <Link className="desktop-button desktop-button--ghost" to={OTC_PATH}>
            {t('assets.otc')}
          </Link>
        </div>
      </section>

      <section className="desk-panel" aria-labelledby="wallet-accounts">
        <h2 id="wallet-accounts" className="desk-panel__title">
          {t('assets.accounts')}
        </h2>
        {data.isPending ? <DelayedLoading /> : null}
        <ul className="desk-accounts">
          {WALLET_NAMES.map((name) => (
            <li key={name} data-wallet={name}>
              <Link className="desk-accounts__card" to={`${DESKTOP_PATHS.asset}?wallet=${name}`}>
                <span className="desk-accounts__name">{t(`wallets.${name}`)}</span>
                <span className="desk-accounts__value mono">
                  {formatMoney(data.data?.wallets.find((w) => w.wallet === name)?.totalUsdt ?? '0')} USDT
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="desk-panel" aria-labelledby="wallet-coins">
        <h2 id="wallet-coins" className="desk-panel__title">
          {t('assets.balances')} · {t('assets.available')}
        </h2>
        {data.data && held.length === 0 ? <p className="empty-text">{t('assets.noBalances')}</p> : null}
        {held.length > 0 ? (
          <div className="desk-table__scroll">
            <table className="desk-table" aria-labelledby="wallet-coins">
              <thead>
                <tr>
                  <th scope="col">{t('transfer.coin')}</th>
                  {WALLET_NAMES.map((name) => (
                    <th key={name} scope="col" className="is-num">
                      {t(`wallets.${name}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {held.map((asset) => {
                  const first = perWallet.map((m) => m.get(asset)).find((r) => r !== undefined);
                  return (
                    <tr key={asset} data-asset={asset}>
                      <th scope="row">
                        <span className="desk-coin">
                          <CoinIcon symbol={asset} icon={first?.icon} />
                          <span className="desk-coin__symbol">{asset}</span>
                        </span>
                      </th>
                      {perWallet.map((m, i) => {
                        const row = m.get(asset);
                        return (
                          <td key={WALLET_NAMES[i]} className="is-num">
                            {row ? formatAssetAmount(row.available, asset) : '—'}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
