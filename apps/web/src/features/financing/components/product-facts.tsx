import type { FinancingProduct, FinancingTerm } from '@app/contract';
import { formatAssetAmount, formatExact, formatRatePercent } from '../../../lib/format';
import { useFinancingText } from '../strings';

/** "30 days · 8% a year": a term with its annualised rate as a percentage, exactly. */
export function useTermLabel() {
  const f = useFinancingText();
  return (term: Pick<FinancingTerm, 'days' | 'annualRate'>) =>
    f('termValue', { days: term.days, rate: formatRatePercent(term.annualRate) });
}

/** An amount of the product's coin without trailing zeros ("1,000 USDT"). */
export function useAmountOf() {
  const f = useFinancingText();
  return (amount: string, coin: string) => f('amountOf', { amount: formatExact(amount), coin });
}

/**
 * Interest, and a total that includes it, in the coin's display decimals, truncated: money to the
 * cent as everywhere else ("4.10 USDT", not the server's "4.109589").
 */
export function useInterestOf() {
  const f = useFinancingText();
  return (amount: string, coin: string) => f('amountOf', { amount: formatAssetAmount(amount, coin), coin });
}

/**
 * A product's facts (docs/product.md §2 "Manage account"): its terms with their rates, the amount per
 * subscription, the quota left, and what redeeming early does, in words.
 */
export function ProductFacts({ product: p }: { product: FinancingProduct }) {
  const f = useFinancingText();
  const termLabel = useTermLabel();
  return (
    <dl className="financing-facts">
      <div className="is-wide">
        <dt>{f('terms')}</dt>
        <dd>
          <ul className="financing-terms">
            {p.terms.map((term) => (
              <li key={term.days} data-testid="financing-term" data-days={term.days}>
                {termLabel(term)}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt>{f('limits')}</dt>
        <dd className="mono">
          {f('limitsValue', { min: formatExact(p.minAmount), max: formatExact(p.maxAmount), coin: p.currency })}
        </dd>
      </div>
      <div>
        <dt>{f('remaining')}</dt>
        <dd className="mono" data-testid="financing-remaining">
          {f('remainingValue', { remaining: formatExact(p.remaining), quota: formatExact(p.quota), coin: p.currency })}
        </dd>
      </div>
      <div className="is-wide">
        <dt>{f('earlyRule')}</dt>
        <dd data-testid="financing-early-rule">{f(`early.${p.earlyRedemption}`)}</dd>
      </div>
    </dl>
  );
}
