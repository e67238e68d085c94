import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorKeyByCode,
  STAKE_DECIMALS,
  type Contract,
  type ContractDirection,
  type ContractProduct,
  type Instrument,
} from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { newIdempotencyKey } from '../../../lib/api/idempotency';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkAmount, collectErrors, decimalInput } from '../../../lib/forms/validation';
import { useCreateContract } from '../api/create-contract';
import { useContractProducts } from '../api/get-contract-products';
import { atLeast, contractQuote, stakeInRange, type ContractQuote } from '../model/contract-math';
import { formatMoney } from '../model/order-display';
import type { OrderPrompts } from './order-prompts';
import '../strings';

/** What the user confirms before a contract is sent. */
export interface ContractConfirmation {
  direction: ContractDirection;
  product: ContractProduct;
  quote: ContractQuote;
}

interface ContractOrderOptions {
  instrument: Instrument;
  /** The market refused an order as closed: look at the trading time again. */
  onMarketClosed: () => void;
  prompts: Omit<OrderPrompts<ContractConfirmation>, 'notify'>;
}

/**
 * The seconds-contract flow (docs/product.md §1, docs/trading.md): the products, the chosen duration and
 * stake, their quote, validation, the confirmations and the request. The contract placed is
 * kept for its tracker; the tracker announces it (role=status), so no success message here.
 */
export function useContractOrder({ instrument, onMarketClosed, prompts }: ContractOrderOptions) {
  const { t } = useTranslation();
  const products = useContractProducts(instrument.market);
  const [duration, setDuration] = useState<number | null>(null);
  const [stake, setStakeText] = useState('');
  const [placed, setPlaced] = useState<Contract | null>(null);
  const { errors, formRef, report, clear } = useFormErrors<'stake'>();
  const create = useCreateContract();

  const list = products.data ?? [];
  const product = list.find((p) => p.duration === duration) ?? list[0];
  const asset = product?.asset ?? 'USDT';
  const balance = useValidAsset('option', asset);
  const available = balance.data?.available;

  /** What is wrong with a stake: not a valid amount, more than the option account holds, outside the product's limits. */
  const stakeProblem = (text: string): string | null => {
    if (!product) return null;
    const amountError = checkAmount(text, available, STAKE_DECIMALS);
    if (amountError) return amountError;
    return stakeInRange(product, text)
      ? null
      : t('orders.contract.stakeRange', {
          min: formatMoney(product.minStake),
          max: formatMoney(product.maxStake),
          asset,
        });
  };
  // Checked as it is typed (an empty field only once Up or Down is pressed): a stake that cannot be
  // placed says why at once and shows no payout.
  const typedProblem = stake.trim() ? stakeProblem(stake) : null;
  const quote = product && !typedProblem ? contractQuote(product, stake) : null;

  const setStake = (value: string) => {
    setStakeText(decimalInput(value, STAKE_DECIMALS));
    clear('stake');
  };

  const place = async (direction: ContractDirection) => {
    if (!product) return;
    if (report(collectErrors({ stake: stakeProblem(stake) }))) return;
    if (!(await prompts.confirmDemo())) return;
    const q = contractQuote(product, stake);
    if (!q) return;
    if (!(await prompts.confirm({ direction, product, quote: q }))) return;
    try {
      // Every confirmation is a new contract: a new Idempotency-Key each time.
      const contract = await create.mutateAsync({
        market: instrument.market,
        body: { symbol: instrument.symbol, direction, duration: product.duration, amount: q.stake },
        idempotencyKey: newIdempotencyKey(),
      });
      setPlaced(contract);
      setStakeText('');
    } catch (error) {
      if (error instanceof ApiError && errorKeyByCode(error.code) === 'MARKET_CLOSED') onMarketClosed();
    }
  };

  const stakeError = errors.stake ?? typedProblem;
  return {
    loading: products.isPending,
    products: list,
    product,
    asset,
    available,
    /** The option account holds less than the smallest stake: the screen points to a transfer. */
    needsFunding: product !== undefined && available !== undefined && !atLeast(available, product.minStake),
    quote,
    stake,
    setStake,
    setDuration,
    /** The stake's problem: the one Up or Down reported, else what is wrong with the stake typed. */
    errors: stakeError ? { stake: stakeError } : {},
    formRef,
    pending: create.isPending,
    place,
    placed,
    dismiss: () => setPlaced(null),
  };
}
