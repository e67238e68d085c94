import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type FinancingProduct, type Language, type TypeUser } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { financingKeys } from './query-keys';

/** `product/productList`: the financing products with their terms, limits, quota left and early-redemption rule, named in the app's language. */
export function getFinancingProducts(): Promise<FinancingProduct[]> {
  return apiGet<FinancingProduct[]>(API.product.productList);
}

/** The products' query options (the quota left changes with every subscription: always asked again; a new language asks for their names in it). */
export const financingProductsQuery = (typeUser: TypeUser, language: Language) =>
  queryOptions({ queryKey: financingKeys.products(typeUser, language), queryFn: getFinancingProducts, staleTime: 0 });

export function useFinancingProducts() {
  const typeUser = useSessionStore((s) => s.typeUser);
  const language = useSessionStore((s) => s.language);
  return useQuery(financingProductsQuery(typeUser, language));
}
