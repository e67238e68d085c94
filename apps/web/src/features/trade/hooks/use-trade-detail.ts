import { useSearchParams } from 'react-router';
import type { Contract, SpotOrder } from '@app/contract';
import { useContractDetail } from '../api/get-contract-detail';
import { useSpotDetail } from '../api/get-spot-detail';
import { publicOrderId } from '../model/order-id';

export type TradeDetail =
  | { state: 'not-found' }
  | { state: 'loading' }
  | { state: 'contract'; contract: Contract }
  | { state: 'spot'; order: SpotOrder };

/**
 * The order of /pages/trade-detail/index?kind=contract|spot&id=…, kept live by the openOrders
 * feed (a contract settles, a resting order fills while the page is open).
 */
export function useTradeDetail(): TradeDetail {
  const [params] = useSearchParams();
  const kind = params.get('kind') === 'spot' ? 'spot' : 'contract';
  const id = publicOrderId(params.get('id'));
  const contract = useContractDetail(kind === 'contract' ? id : null);
  const spot = useSpotDetail(kind === 'spot' ? id : null);
  const query = kind === 'contract' ? contract : spot;
  if (id === null || query.isError) return { state: 'not-found' };
  if (kind === 'contract' && contract.data) return { state: 'contract', contract: contract.data };
  if (kind === 'spot' && spot.data) return { state: 'spot', order: spot.data };
  return { state: 'loading' };
}
