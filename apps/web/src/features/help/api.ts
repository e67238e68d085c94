import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  API,
  type AcceptedLegalKind,
  type HelpArticle,
  type HelpArticleList,
  type HelpCategory,
  type HelpCategoryCount,
  type LegalAcceptance,
  type LegalDocument,
  type LegalKind,
} from '@app/contract';
import { apiGet, apiPost } from '../../lib/api/api-client';
import { useSessionStore } from '../../lib/session/session-store';

/** Query keys carry the language: texts are answered in the request's language (`lang` header). */
export const helpKeys = {
  categories: ['help', 'categories'] as const,
  list: (category: HelpCategory, lang: string) => ['help', 'list', category, lang] as const,
  search: (q: string, lang: string) => ['help', 'search', q, lang] as const,
  article: (id: string, lang: string) => ['help', 'article', id, lang] as const,
  legal: (kind: LegalKind, lang: string) => ['legal', 'document', kind, lang] as const,
  acceptances: ['legal', 'acceptances'] as const,
};

/** `help/categories`: each category with its number of published articles. */
export function useHelpCategories() {
  return useQuery({
    queryKey: helpKeys.categories,
    queryFn: () => apiGet<HelpCategoryCount[]>(API.help.categories),
    staleTime: 5 * 60_000,
  });
}

/** `help/list`: a category's articles, in order. */
export function useHelpList(category: HelpCategory | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: helpKeys.list(category ?? 'registration', i18n.language),
    queryFn: () => apiGet<HelpArticleList>(API.help.list, { category: category ?? '' }),
    enabled: category !== null,
    staleTime: 5 * 60_000,
  });
}

/** `help/search`: articles holding every word of `q` (at most 100 characters; empty: nothing asked). */
export function useHelpSearch(q: string) {
  const { i18n } = useTranslation();
  const query = q.trim().slice(0, 100);
  return useQuery({
    queryKey: helpKeys.search(query, i18n.language),
    queryFn: () => apiGet<HelpArticleList>(API.help.search, { q: query }),
    enabled: query !== '',
    staleTime: 60_000,
  });
}

/** `help/detail`: one article; an unknown or unpublished one answers an error the page shows. */
export function useHelpArticle(id: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: helpKeys.article(id ?? '', i18n.language),
    queryFn: () => apiGet<HelpArticle>(API.help.detail, { id: id ?? '' }, { silent: true }),
    enabled: id !== null && id !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** `legal/document`: the current version of a legal or company text. */
export function useLegalDocument(kind: LegalKind) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: helpKeys.legal(kind, i18n.language),
    queryFn: () => apiGet<LegalDocument>(API.legal.document, { kind }),
    staleTime: 5 * 60_000,
  });
}

/** `legal/acceptances`: which version of each text the signed-in user accepted, and when (nothing asked without a session). */
export function useLegalAcceptances() {
  const signedIn = useSessionStore((st) => st.token !== null);
  return useQuery({
    queryKey: helpKeys.acceptances,
    queryFn: () => apiGet<{ items: LegalAcceptance[] }>(API.legal.acceptances),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** `legal/accept`: accepts the current version the user reads. */
export function useAcceptLegal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: AcceptedLegalKind; version: number }) =>
      apiPost<LegalAcceptance>(API.legal.accept, body),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.acceptances }),
  });
}
