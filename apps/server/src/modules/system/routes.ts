import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CountryCodeListResponse,
  HealthResponse,
  listCountryDialCodes,
  ReadyResponse,
  type ChainWatcherStatus,
  type CountryCodeItem,
  type HeaderLang,
} from '@app/contract';
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
export interface ReadyParts {
  /** This process's engine role (modules/cluster). */
  role: () => { role: 'engine' | 'standby'; epoch: number | null; node: string };
  /** The bus between processes, once it exists. */
  bus: () => { kind: string; connected: boolean } | undefined;
  dbKind: () => 'pglite' | 'postgres';
  /** A cheap query; rejects when the database does not answer. */
  ping: () => Promise<unknown>;
}

/** How long /readyz waits for the database's answer to SELECT 1. */
const PING_TIMEOUT_MS = 1000;

async function pingOk(ping: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * Whether the request shows READYZ_TOKEN as `Authorization: Bearer <token>` (compared in constant
 * time). Without a configured token nobody does.
 */
export function showsReadyzToken(request: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return false;
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header) : null;
  return match !== null && crypto.timingSafeEqual(digest(match[1]!), digest(token));
}

export const systemRoutes: FastifyPluginAsync<{
  isReady: () => boolean;
  chains: () => ChainWatcherStatus[];
  ready: ReadyParts;
  /** READYZ_TOKEN: the bearer token that shows /readyz's detail; unset: nobody sees it. */
  readyzToken: string | undefined;
}> = async (base, { isReady, chains, ready, readyzToken }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'The process is alive', response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary:
          "The database is open and migrated. Only the status for everyone; with `Authorization: Bearer <READYZ_TOKEN>` also each chain watcher's lag, this process's engine role and name, the bus and the database",
        response: { 200: ReadyResponse },
      },
    },
    async (request, reply) => {
      if (!isReady()) return sendError(reply, 'NOT_READY');
      // The host name, process id, role and chain nodes' errors are for operators (issue 34).
      if (!showsReadyzToken(request, readyzToken)) return { status: 'ready' };
      const bus = ready.bus();
      return {
        status: 'ready',
        chains: chains(),
        ...ready.role(),
        ...(bus ? { bus: { kind: bus.kind, connected: bus.connected } } : {}),
        db: { kind: ready.dbKind(), ok: await pingOk(ready.ping) },
      };
    },
  );

  app.post(
    '/asset/api/countryCode/countryCodeList',
    {
      schema: schema({
        tags: ['reference'],
        summary: 'Countries with calling codes, names in the request language',
        response: CountryCodeListResponse,
      }),
    },
    async (req, reply) => reply.ok(countries(req.lang)),
  );
};
