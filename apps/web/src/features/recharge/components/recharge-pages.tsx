import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/coin-icon';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { PATHS } from '../../../lib/routing/paths';
import { useRechargeTypes } from '../api/deposits';
import { useDepositSelection } from '../hooks';
import { findCoin, pickChain } from '../model/selection';
import { useRechargeText } from '../strings';
import { CoinList } from './coin-list';
import { DepositPanel } from './deposit-panel';
import { RechargeRecordList } from './records';
import '../recharge.css';

function RecordsLink() {
  const { t } = useTranslation();
  return (
    <Link className="link link--strong deposit-page__records" to={PATHS.rechargeRecords}>
      {t('routes.rechargeRecords')}
    </Link>
  );
}

/**
 * /pages/recharge/index (docs/product.md §2 "Recharge"): pick a coin (the list, until one is chosen), then a
 * chain; the user's address there with its QR code, copy, minimum, confirmations and the warning.
 */
export function RechargePage() {
  const r = useRechargeText();
  const { symbol, chain, setChain } = useDepositSelection();
  const types = useRechargeTypes();
  const coin = findCoin(types.data, symbol);
  if (types.isError) return <PageLoadError onRetry={() => void types.refetch()} />;
  if (!types.data) return <DelayedLoading />;
  if (!coin) {
    return (
      <div className="deposit-page">
        <div className="deposit-page__head">
          <h2 className="section-title">{r('chooseCoin')}</h2>
          <RecordsLink />
        </div>
        <CoinList />
      </div>
    );
  }
  const route = pickChain(coin, chain);
  return (
    <div className="deposit-page">
      <div className="deposit-page__head">
        <div className="deposit-page__coin">
          <CoinIcon symbol={coin.symbol} icon={coin.icon} size={36} />
          <span className="deposit-coin__text">
            <span className="deposit-coin__symbol" data-testid="deposit-symbol">
              {coin.symbol}
            </span>
            <span className="deposit-coin__name">{coin.name}</span>
          </span>
        </div>
        <Link className="button button--secondary button--small" to={PATHS.rechargeList}>
          {r('changeCoin')}
        </Link>
      </div>
      <DepositPanel coin={coin} route={route} onChain={(next) => setChain(next, coin.symbol)} layout="mobile" />
      <RecordsLink />
    </div>
  );
}

/** /pages/recharge/recharge-list: every coin to deposit, picked from a coin's page ("Change coin"). */
export function RechargeListPage() {
  return (
    <div className="deposit-page">
      <CoinList replace />
    </div>
  );
}

/** /pages/recharge/recharge-records: the deposit records (`userrechange/list`), newest first, page by page. */
export function RechargeRecordsPage() {
  return (
    <div className="deposit-page">
      <RechargeRecordList />
    </div>
  );
}
