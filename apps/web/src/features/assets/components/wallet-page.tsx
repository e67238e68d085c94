import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES } from '@app/contract';
import { IconChevronRight } from '../../../components/icons';
import { DelayedLoading } from '../../../components/page-state';
import { formatMoney } from '../../../lib/format';
import { OTC_PATH } from '../../../lib/routing/paths';
import { useUserAssetData } from '../../../lib/api/get-user-asset-data';
import { ASSETS_PATHS, accountPath } from './assets-paths';
import { MoneyActionLinks } from './money-action-links';
import '../assets.css';

/** /pages/wallet/index: the three accounts' totals, each linking to its details. */
export function WalletPage() {
  const { t } = useTranslation();
  const data = useUserAssetData();
  return (
    <div className="assets">
      <section className="total-card" aria-labelledby="wallet-total">
        <h2 id="wallet-total" className="total-card__label">
          {t('assets.totalUsdt')}
        </h2>
        <p className="total-card__value mono">{data.data ? formatMoney(data.data.totalUsdt) : '--'}</p>
        <div className="total-card__actions">
          <MoneyActionLinks layout="phone" />
          <Link className="button button--secondary button--small" to={ASSETS_PATHS.transferRecords}>
            {t('routes.transferRecords')}
          </Link>
          <Link className="button button--secondary button--small" to={OTC_PATH}>
            {t('assets.otc')}
          </Link>
        </div>
      </section>
      {data.isPending ? <DelayedLoading /> : null}
      <ul className="menu" aria-label={t('assets.accounts')}>
        {WALLET_NAMES.map((name) => {
          const wallet = data.data?.wallets.find((w) => w.wallet === name);
          return (
            <li key={name}>
              <Link className="menu__row menu__row--action" to={accountPath(name)}>
                <span className="menu__text">
                  <span className="menu__label">{t(`wallets.${name}`)}</span>
                </span>
                <span className="menu__value mono">{formatMoney(wallet?.totalUsdt ?? '0')} USDT</span>
                <IconChevronRight size={18} className="menu__chevron" />
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
