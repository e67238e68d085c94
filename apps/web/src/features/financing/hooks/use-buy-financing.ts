import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinancingEstimate, FinancingProduct, FinancingSubscription, FinancingTerm } from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { amountDecimalsIn, useAssetList } from '../../../lib/api/get-asset-list';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { useKeyMemo } from '../../../lib/api/idempotency';
import { decimalInput } from '../../../lib/forms/validation';
import { useBuyFinancingProduct } from '../api/buy-financing-product';
import { useFinancingEstimate } from '../api/get-financing-estimate';
import { checkFinancingAmount, maxSubscription, pickTerm, type AmountProblem } from '../model/financing-form';

/** How long typing pauses before the estimate is asked for. */
const ESTIMATE_DEBOUNCE_MS = 300;

/** The amount as last typed, once typing has paused. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ESTIMATE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The subscribe form of one product: the term, the amount and its checks (limits, quota left,
 * the financing account's balance), the live estimate from the server, and the subscription
 * itself once the user confirms (`confirm` shows the summary and the early-redemption rule).
 * The Idempotency-Key is one per estimate token: a retry of the same confirmation after a lost
 * answer subscribes once, and a new estimate is a new subscription.
 */
export function useBuyFinancing(
  product: FinancingProduct,
  initialDays: number | null,
  confirm: (estimate: FinancingEstimate) => Promise<boolean>,
  onSubscribed: (s: FinancingSubscription) => void,
) {
  const { t } = useTranslation();
  const [term, setTermState] = useState<FinancingTerm | undefined>(() => pickTerm(product.terms, initialDays));
  const [amount, setAmountState] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Each estimate token keeps its key until answered, even when another token was confirmed since.
  const keys = useKeyMemo<string>({ keep: 'each' });
  const assets = useAssetList();
  const balance = useValidAsset('financing', product.currency);
  const buy = useBuyFinancingProduct();
  const decimals = amountDecimalsIn(assets.data, product.currency);
  const available = balance.data?.available;
  const problem: AmountProblem | null = checkFinancingAmount(amount, { product, available, decimals });
  const settled = useSettled(amount);
  const settledOk = settled === amount && problem === null;
  const estimate = useFinancingEstimate(
    settledOk && term ? { productId: product.id, days: term.days, amount: amount.trim() } : null,
  );
  const current = settledOk && estimate.data && !estimate.isPlaceholderData ? estimate.data : undefined;

  const setAmount = (value: string) => {
    setAmountState(decimalInput(value, decimals));
    setError(undefined);
  };
  const setTerm = (days: string) => {
    setTermState(pickTerm(product.terms, Number(days)));
    setError(undefined);
  };
  const fillMax = () => setAmount(maxSubscription(product, available));

  const subscribe = async (shown: FinancingEstimate) => {
    const fresh = shown.tokenExpiresAt - Date.now() > 5_000 ? shown : (await estimate.refetch()).data;
    if (!fresh || !(await confirm(fresh))) return;
    buy.mutate(
      { token: fresh.token, idempotencyKey: keys.keyFor(fresh.token) },
      {
        onSuccess: (subscription) => {
          keys.answered();
          setAmountState('');
          onSubscribed(subscription);
        },
        onError: (e) => {
          // A lost answer keeps the token's key (a retry subscribes once); a definite one ends it.
          if (!(e instanceof ApiError)) setError(t('network.serverError'));
          else {
            if (e.kind !== 'transport') keys.answered(fresh.token);
            setError(e.message);
          }
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null || !current) return;
    void subscribe(current);
  };

  return {
    term,
    setTerm,
    amount,
    setAmount,
    fillMax,
    available,
    decimals,
    problem,
    showProblem: touched || (problem !== null && problem !== 'required'),
    estimate,
    current,
    error,
    onSubmit,
    pending: buy.isPending,
  };
}

export type BuyFinancingState = ReturnType<typeof useBuyFinancing>;
