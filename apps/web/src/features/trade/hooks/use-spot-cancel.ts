import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '@app/contract';
import { useCancelSpotOrder } from '../api/cancel-spot-order';
import type { OrderPrompts } from './order-prompts';
import '../strings';

/** Asks, then cancels an open spot order. */
export function useSpotCancel(prompts: Pick<OrderPrompts<SpotOrder>, 'confirm' | 'notify'>) {
  const { t } = useTranslation();
  const cancel = useCancelSpotOrder();
  const run = async (order: SpotOrder) => {
    if (!(await prompts.confirm(order))) return;
    await cancel.mutateAsync(order.id).then(
      () => prompts.notify(t('orders.spot.cancelled')),
      () => undefined, // the API client already said why
    );
  };
  return { run, pending: cancel.isPending };
}
