import type { FinancingSubscription } from '@app/contract';
import { useFinancingText } from '../strings';

/** A subscription's state (docs/product.md §4): during its term, matured, redeemed early. */
export function SubscriptionState({ subscription: s }: { subscription: FinancingSubscription }) {
  const f = useFinancingText();
  return (
    <span
      className={`financing-state financing-state--${s.state}`}
      data-testid="subscription-state"
      data-state={s.state}
    >
      {f(`states.${s.state}`)}
    </span>
  );
}
