import { useTranslation } from 'react-i18next';
import type { ContractResult } from '@app/contract';
import type { OrderStatusKey } from '../model/order-display';
import '../strings';

/** The docs/product.md §9 status text of an order, with the result of a settled contract. */
export function OrderStatus({ status, result }: { status: OrderStatusKey; result?: ContractResult | null }) {
  const { t } = useTranslation();
  return (
    <span className={`order-status order-status--${result ?? status}`}>
      {t(`orders.status.${status}`)}
      {result ? ` · ${t(`orders.results.${result}`)}` : null}
    </span>
  );
}
