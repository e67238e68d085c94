import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorKeyByCode, type Contract, type ContractDirection, type Instrument } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api/api-client';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { formatDecimal } from '../../../lib/format';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { TRANSFER_PATH } from '../../../lib/routing/paths';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkAmount, collectErrors, decimalInput } from '../../../lib/forms/validation';
import { useCreateContract } from '../api/create-contract';
import { useContractProducts } from '../api/get-contract-products';
import { atLeast, contractQuote, stakeInRange } from '../hooks/contract-math';
import { formatMoney } from '../hooks/order-display';
import { useDurationLabel } from '../hooks/use-duration-label';
import { ChoiceChips } from './choice-chips';
import { ContractTitle } from './contract-parts';
import { ContractSummary } from './contract-summary';
import { ContractTracker } from './contract-tracker';

/** Stakes are whole cents: the smallest stake is 10 USDT, finer amounts add nothing but noise. */
export const STAKE_DECIMALS = 2;

interface ContractPanelProps {
  instrument: Instrument;
  /** False while the instrument's session is closed: placing is disabled. */
  marketOpen: boolean;
  /** The market refused an order as closed: look at the trading time again. */
  onMarketClosed: () => void;
}

/** Seconds contract: pick a duration and a stake, then Up or Down (spec §1, DESIGN.md §6). */
export function ContractPanel({ instrument, marketOpen, onMarketClosed }: ContractPanelProps) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const products = useContractProducts(instrument.market);
  const [duration, setDuration] = useState<number | null>(null);
  const [stake, setStake] = useState('');
  const [placed, setPlaced] = useState<Contract | null>(null);
  const { errors, formRef, report, clear } = useFormErrors<'stake'>();
  const create = useCreateContract();

  const list = products.data ?? [];
  const product = list.find((p) => p.duration === duration) ?? list[0];
  const asset = product?.asset ?? 'USDT';
  const balance = useValidAsset('option', asset);
  const available = balance.data?.available;
  const quote = product ? contractQuote(product, stake) : null;

  const place = async (direction: ContractDirection) => {
    if (!product) return;
    const amountError = checkAmount(stake, available, STAKE_DECIMALS);
    const rangeError = stakeInRange(product, stake)
      ? null
      : t('orders.contract.stakeRange', { min: formatMoney(product.minStake), max: formatMoney(product.maxStake), asset });
    if (report(collectErrors({ stake: amountError ?? rangeError }))) return;
    if (!(await confirmDemoInvestment())) return;
    const q = contractQuote(product, stake);
    if (!q) return;
    const ok = await Dialog.confirm({
      title: t('orders.contract.confirmTitle'),
      content: (
        <div className="confirm-body">
          <p className="confirm-body__what">
            <ContractTitle symbol={instrument.displaySymbol} direction={direction} duration={product.duration} /> · {formatMoney(q.stake)} {asset}
          </p>
          <ContractSummary quote={q} breakEvenPercent={product.breakEvenPercent} asset={asset} />
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      const contract = await create.mutateAsync({
        market: instrument.market,
        body: { symbol: instrument.symbol, direction, duration: product.duration, amount: q.stake },
        idempotencyKey: crypto.randomUUID(),
      });
      setPlaced(contract);
      // The tracker below announces it (role=status): no toast on top.
      setStake('');
    } catch (error) {
      if (error instanceof ApiError && errorKeyByCode(error.code) === 'MARKET_CLOSED') onMarketClosed();
    }
  };

  if (products.isPending) return <DelayedLoading />;
  if (!product) return <p className="empty-text">{t('orders.contract.noProducts')}</p>;

  const disabled = !marketOpen || create.isPending;
  return (
    <>
      <form ref={formRef} className="form order-form" noValidate onSubmit={(e) => e.preventDefault()}>
        <ChoiceChips
          legend={t('orders.contract.duration')}
          showLegend
          options={list.map((p) => ({ value: p.duration, label: durationLabel(p.duration) }))}
          value={product.duration}
          onChange={setDuration}
        />
        <TextField
          label={t('orders.contract.stake', { asset })}
          placeholder={t('orders.contract.stakePlaceholder', { min: formatMoney(product.minStake), max: formatMoney(product.maxStake) })}
          inputMode="decimal"
          autoComplete="off"
          value={stake}
          onChange={(v) => {
            setStake(decimalInput(v, STAKE_DECIMALS));
            clear('stake');
          }}
          error={errors.stake}
          hint={t('orders.available', {
            amount: available !== undefined ? formatDecimal(available, STAKE_DECIMALS) : '--',
            asset,
            account: t('wallets.option'),
          })}
        />
        {available !== undefined && !atLeast(available, product.minStake) ? (
          <p className="order-form__note">
            {t('orders.contract.fundOption')}{' '}
            <Link className="link" to={TRANSFER_PATH}>
              {t('orders.contract.transfer')}
            </Link>
          </p>
        ) : null}
        <ContractSummary quote={quote} breakEvenPercent={product.breakEvenPercent} asset={asset} />
        <div className="order-form__directions">
          <Button className="direction-button direction-button--up" block size="large" disabled={disabled} onClick={() => void place('up')}>
            {t('orders.directions.up')}
          </Button>
          <Button className="direction-button direction-button--down" block size="large" disabled={disabled} onClick={() => void place('down')}>
            {t('orders.directions.down')}
          </Button>
        </div>
      </form>
      {placed ? <ContractTracker key={placed.id} placed={placed} onDismiss={() => setPlaced(null)} /> : null}
    </>
  );
}
