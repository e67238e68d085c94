import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API, CountryCodeListResponse, HealthResponse, listCountryDialCodes, ReadyResponse, type ChainWatcherStatus, type CountryCodeItem, type HeaderLang } from '@app/contract';
import { schema } from '../../lib/route';
import { sendError } from '../../plugins/envelope';

/** Country names per language, computed once (Intl knows every region's name). */
const countryCache = new Map<HeaderLang, CountryCodeItem[]>();
function countries(lang: HeaderLang): CountryCodeItem[] {
  let list = countryCache.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    list = listCountryDialCodes()
      .map(({ iso, dialCode }) => ({ iso, dialCode, name: names.of(iso) ?? iso }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
    countryCache.set(lang, list);
  }
  return list;
}

/** Liveness, readiness and reference data. */
export const systemRoutes: FastifyPluginAsync<{ isReady: () => boolean; chains: () => ChainWatcherStatus[] }> = async (base, { isReady, chains }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/healthz', { schema: { tags: ['system'], summary: 'The process is alive', response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' }));

  app.get('/readyz', {
    schema: { tags: ['system'], summary: 'The database is open and migrated; with each chain watcher\'s lag', response: { 200: ReadyResponse } },
  }, async (_req, reply) => (isReady() ? { status: 'ready', chains: chains() } : sendError(reply, 'NOT_READY')));

  app.post(API.countryCode.list, {
    schema: schema({ tags: ['reference'], summary: 'Countries with calling codes, names in the request language', response: CountryCodeListResponse }),
  }, async (req, reply) => reply.ok(countries(req.lang)));
};
