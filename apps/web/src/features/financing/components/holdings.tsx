import { Link } from 'react-router';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { formatExact } from '../../../lib/format';
import { useInterestOf } from './product-facts';
import { TRANSFER_PATH } from '../../../lib/routing/paths';
import { useSubscriptions } from '../api/get-subscriptions';
import { useFinancingText } from '../strings';

/** The transfer screen, from the currency account into the financing account, in `coin`. */
export const transferInPath = (coin: string) =>
  `${TRANSFER_PATH}?${new URLSearchParams({ from: 'currency', to: 'financing', asset: coin }).toString()}`;

interface Held {
  currency: string;
  amount: string;
  estimatedInterest: string;
}

/** One coin of the financing account: available, held in subscriptions, and the interest they will pay. */
function HoldingRow({ coin, held }: { coin: string; held: Held | undefined }) {
  const f = useFinancingText();
  const balance = useValidAsset('financing', coin);
  const interestOf = useInterestOf();
  const of = (amount: string | undefined) =>
    amount === undefined ? '--' : f('amountOf', { amount: formatExact(amount), coin });
  return (
    <li className="financing-holding" data-testid="financing-holding" data-coin={coin}>
      <span className="financing-holding__coin">{coin}</span>
      <dl className="financing-facts">
        <div>
          <dt>{f('available')}</dt>
          <dd className="mono" data-testid="financing-available">
            {of(balance.data?.available)}
          </dd>
        </div>
        <div>
          <dt>{f('held')}</dt>
          <dd className="mono" data-testid="financing-held">
            {of(held?.amount ?? '0')}
          </dd>
        </div>
        <div>
          <dt>{f('interestToCome')}</dt>
          <dd className="mono" data-testid="financing-interest-to-come">
            {interestOf(held?.estimatedInterest ?? '0', coin)}
          </dd>
        </div>
      </dl>
      <Link className="link link--strong" to={transferInPath(coin)}>
        {f('transferIn')}
      </Link>
    </li>
  );
}

/**
 * The financing account: for every coin on sale or held, the available balance, the principal in
 * subscriptions during their term and the interest they will pay (`userProductList`'s holding).
 */
export function Holdings({ coins, labelledBy }: { coins: readonly string[]; labelledBy: string }) {
  const subscriptions = useSubscriptions();
  const holding = subscriptions.data?.pages[0]?.holding ?? [];
  const all = [...new Set([...coins, ...holding.map((h) => h.currency)])];
  return (
    <ul className="financing-holdings" aria-labelledby={labelledBy}>
      {all.map((coin) => (
        <HoldingRow key={coin} coin={coin} held={holding.find((h) => h.currency === coin)} />
      ))}
    </ul>
  );
}
