import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, type LoanRule } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { loanKeys } from './query-keys';

/** `rule/get-rule`: a product's rules text in the app's language (the request's `lang` header). */
export function getLoanRule(productId: string): Promise<LoanRule> {
  return apiGet<LoanRule>(API.rule.getRule, { productId });
}

/** The rules of `productId` in the current language; asked again when the language changes. */
export function useLoanRule(productId: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: loanKeys.rule(productId ?? '', i18n.language),
    queryFn: () => getLoanRule(productId ?? ''),
    enabled: productId !== null,
    staleTime: 10 * 60_000,
  });
}
