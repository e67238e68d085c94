import { API, type Market } from '@app/contract';

/**
 * docs/product.md §7 has two contract endpoints: crypto contracts under transaction/api/contract, the
 * markets with trading hours (forex, CFD, indices, stocks) under asset/api/forex/contract.
 * Both take and answer the same shapes.
 */
export type ContractEndpointGroup = 'crypto' | 'forex';

export function contractEndpointGroup(market: Market): ContractEndpointGroup {
  return market === 'CRYPTO' ? 'crypto' : 'forex';
}

export function contractEndpoints(group: ContractEndpointGroup): { create: string; getContractList: string } {
  return group === 'crypto' ? API.contract : API.forex;
}
