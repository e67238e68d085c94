import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@app/contract';
import { dateTimeAttribute } from '../../../lib/format';
import { contractStatusKey, formatTime } from '../model/order-display';
import { ContractFigures, ContractTitle } from './contract-parts';
import { OrderStatus } from './order-status';
import { tradeDetailPath } from './order-paths';
import '../strings';

/** One seconds contract in a list: a countdown while open, the result once settled; opens its detail. */
export function ContractRow({ contract: c }: { contract: Contract }) {
  const { t } = useTranslation();
  return (
    <li className="record order-row" data-testid="contract-row">
      <div className="record__main">
        <Link className="record__title order-row__link" to={tradeDetailPath('contract', c.id)}>
          <ContractTitle symbol={c.displaySymbol} direction={c.direction} duration={c.duration} />
        </Link>
        <OrderStatus status={contractStatusKey(c)} result={c.result} />
      </div>
      <ContractFigures contract={c} withTimeLeft />
      <div className="record__meta">
        <span>{t('orders.purchaseTime')}</span>
        <time dateTime={dateTimeAttribute(c.openTime)}>{formatTime(c.openTime)}</time>
      </div>
    </li>
  );
}
