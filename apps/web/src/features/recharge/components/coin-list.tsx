import { useId } from 'react';
import { Link } from 'react-router';
import type { RechargeType } from '@app/contract';
import { CoinIcon } from '../../../components/coin-icon';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { PATHS } from '../../../lib/routing/paths';
import { useRechargeTypes } from '../api/deposits';
import { coinSummary, groupCoins } from '../model/selection';
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
 * first, with their networks, in a list of their own; the others below, grouped under a heading, each
 * with why not (no network yet, paused). `replace`: picking replaces this page in the history (the list
 * opened from a coin's page).
 */
export function CoinList({ replace = false }: { replace?: boolean }) {
  const r = useRechargeText();
  const otherId = useId();
  const types = useRechargeTypes();
  if (types.isError) return <PageLoadError onRetry={() => void types.refetch()} />;
  if (!types.data) return <DelayedLoading />;
  const { depositable, other } = groupCoins(types.data);
  return (
    <div className="deposit-coin-groups">
      {depositable.length > 0 ? (
        <ul className="deposit-coins" aria-label={r('chooseCoin')}>
          {depositable.map((coin) => (
            <CoinRow key={coin.symbol} coin={coin} replace={replace} />
          ))}
        </ul>
      ) : null}
      {other.length > 0 ? (
        <section className="deposit-coin-group" aria-labelledby={otherId}>
          <h3 id={otherId} className="deposit-coin-group__title">
            {r('otherCoins')}
          </h3>
          <ul className="deposit-coins deposit-coins--other" aria-labelledby={otherId}>
            {other.map((coin) => (
              <CoinRow key={coin.symbol} coin={coin} replace={replace} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
