import { useTranslation } from 'react-i18next';
import type { ContractQuote } from '../model/contract-math';
import { formatMoney, formatProfit } from '../model/order-display';
import '../strings';

/** What the user can win and lose before confirming: payout, loss, break-even win rate. */
export function ContractSummary({
  quote,
  breakEvenPercent,
  asset,
}: {
  quote: ContractQuote | null;
  breakEvenPercent: string;
  asset: string;
}) {
  const { t } = useTranslation();
  const money = (value: string | undefined) => (value === undefined ? '--' : `${formatMoney(value)} ${asset}`);
  return (
    <dl className="order-summary">
      <div className="order-summary__row">
        <dt>{t('orders.contract.payoutOnWin')}</dt>
        <dd className="mono">{money(quote?.payout)}</dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('orders.contract.profitOnWin')}</dt>
        <dd className="mono">{quote ? `${formatProfit(quote.profit)} ${asset}` : '--'}</dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('orders.contract.lossCost')}</dt>
        <dd className="mono">{quote ? `-${formatMoney(quote.loss)} ${asset}` : '--'}</dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('orders.contract.breakEven')}</dt>
        <dd className="mono">{breakEvenPercent}%</dd>
      </div>
    </dl>
  );
}
