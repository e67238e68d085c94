import type { Contract, ContractSettlement, OrderEvent, SpotOrder } from '@app/contract';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The event of an `orders` message, or null for anything else (a `{ type: 'resync' }`, say). */
export function parseOrderEvent(data: unknown): OrderEvent | null {
  if (!isObject(data)) return null;
  if (data.kind === 'contract' && isObject(data.contract) && typeof data.contract.id === 'string') {
    return { kind: 'contract', contract: data.contract as Contract };
  }
  if (
    data.kind === 'settled' &&
    (data.typeUser === 'real' || data.typeUser === 'demo') &&
    Array.isArray(data.contracts) &&
    data.contracts.every((c) => isObject(c) && typeof c.id === 'string')
  ) {
    return { kind: 'settled', typeUser: data.typeUser, contracts: data.contracts as ContractSettlement[] };
  }
  if (data.kind === 'spot' && isObject(data.order) && typeof data.order.id === 'string') {
    return { kind: 'spot', order: data.order as SpotOrder };
  }
  return null;
}
