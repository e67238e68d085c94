import { Link } from 'react-router';
import type { RechargeType } from '@app/contract';
import { CoinIcon } from '../../../components/coin-icon';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { PATHS } from '../../../lib/routing/paths';
import { useRechargeTypes } from '../api/deposits';
import { coinSummary, orderCoins } from '../model/selection';
import { useRechargeText } from '../strings';

function CoinRow({ coin, replace }: { coin: RechargeType; replace: boolean }) {
  const r = useRechargeText();
  const summary = coinSummary(coin);
  const note =
    summary.kind === 'available'
      ? summary.protocols.join(' · ')
      : summary.kind === 'no_network'
        ? r('noNetworkYet')
        : r(`states.${summary.state}`);
  return (
    <li>
      <Link
        className={`deposit-coin${summary.kind === 'available' ? '' : ' is-unavailable'}`}
        to={`${PATHS.recharge}?symbol=${coin.symbol}`}
        replace={replace}
        data-testid="deposit-coin"
        data-symbol={coin.symbol}
      >
        <CoinIcon symbol={coin.symbol} icon={coin.icon} size={32} />
        <span className="deposit-coin__text">
          <span className="deposit-coin__symbol">{coin.symbol}</span>
          <span className="deposit-coin__name">{coin.name}</span>
        </span>
        <span className="deposit-coin__note">{note}</span>
      </Link>
    </li>
  );
}

/**
 * Every coin of the catalogue to pick from (docs/product.md §2 "pick a coin"): those that can be deposited
 * first, with their networks; the others stay listed with why not (no network yet, paused).
 * `replace`: picking replaces this page in the history (the list opened from a coin's page).
 */
export function CoinList({ replace = false }: { replace?: boolean }) {
  const r = useRechargeText();
  const types = useRechargeTypes();
  if (types.isError) return <PageLoadError onRetry={() => void types.refetch()} />;
  if (!types.data) return <DelayedLoading />;
  return (
    <ul className="deposit-coins" aria-label={r('chooseCoin')}>
      {orderCoins(types.data).map((coin) => (
        <CoinRow key={coin.symbol} coin={coin} replace={replace} />
      ))}
    </ul>
  );
}
