import { Button } from 'antd-mobile';
import { confirmDialog } from '../../../components/confirm-dialog';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { TextField } from '../../../components/text-field';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { TRANSFER_PATH } from '../../../lib/routing/paths';
import { formatMoney } from '../model/order-display';
import { useContractOrder, type ContractConfirmation } from '../hooks/use-contract-order';
import { useDurationLabel } from '../hooks/use-duration-label';
import { ChoiceChips } from './choice-chips';
import { ContractTitle } from './contract-parts';
import { ContractSummary } from './contract-summary';
import { ContractTracker } from './contract-tracker';
import '../strings';

interface ContractPanelProps {
  instrument: Instrument;
  /** False while the instrument's session is closed: placing is disabled. */
  marketOpen: boolean;
  /** The market refused an order as closed: look at the trading time again. */
  onMarketClosed: () => void;
}

/** Seconds contract: pick a duration and a stake, then Up or Down (the flow: useContractOrder). */
export function ContractPanel({ instrument, marketOpen, onMarketClosed }: ContractPanelProps) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const confirm = ({ direction, product, quote }: ContractConfirmation) =>
    confirmDialog({
      title: t('orders.contract.confirmTitle'),
      content: (
        <div className="confirm-body">
          <p className="confirm-body__what">
            <ContractTitle symbol={instrument.displaySymbol} direction={direction} duration={product.duration} /> ·{' '}
            {formatMoney(quote.stake)} {quote.asset}
          </p>
          <ContractSummary quote={quote} breakEvenPercent={product.breakEvenPercent} asset={quote.asset} />
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
  const order = useContractOrder({
    instrument,
    onMarketClosed,
    prompts: { confirmDemo: confirmDemoInvestment, confirm },
  });
  const { product, asset, available } = order;

  if (order.loading) return <DelayedLoading />;
  if (!product) return <p className="empty-text">{t('orders.contract.noProducts')}</p>;

  const disabled = !marketOpen || order.pending;
  return (
    <>
      <form ref={order.formRef} className="form order-form" noValidate onSubmit={(e) => e.preventDefault()}>
        <ChoiceChips
          legend={t('orders.contract.duration')}
          showLegend
          options={order.products.map((p) => ({ value: p.duration, label: durationLabel(p.duration) }))}
          value={product.duration}
          onChange={order.setDuration}
        />
        <TextField
          label={t('orders.contract.stake', { asset })}
          placeholder={t('orders.contract.stakePlaceholder', {
            min: formatMoney(product.minStake),
            max: formatMoney(product.maxStake),
          })}
          inputMode="decimal"
          autoComplete="off"
          value={order.stake}
          onChange={order.setStake}
          error={order.errors.stake}
          hint={t('orders.available', {
            amount: formatMoney(available),
            asset,
            account: t('wallets.option'),
          })}
        />
        {order.needsFunding ? (
          <p className="order-form__note">
            {t('orders.contract.fundOption')}{' '}
            <Link className="link" to={TRANSFER_PATH}>
              {t('orders.contract.transfer')}
            </Link>
          </p>
        ) : null}
        <ContractSummary quote={order.quote} breakEvenPercent={product.breakEvenPercent} asset={asset} />
        <div className="order-form__directions">
          <Button
            className="direction-button direction-button--up"
            block
            size="large"
            disabled={disabled}
            onClick={() => void order.place('up')}
          >
            {t('orders.directions.up')}
          </Button>
          <Button
            className="direction-button direction-button--down"
            block
            size="large"
            disabled={disabled}
            onClick={() => void order.place('down')}
          >
            {t('orders.directions.down')}
          </Button>
        </div>
      </form>
      {order.placed ? <ContractTracker key={order.placed.id} placed={order.placed} onDismiss={order.dismiss} /> : null}
    </>
  );
}
