import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer (HTML, static files, API, errors): helmet's set with a
 * Content-Security-Policy the web app, its charts and the API docs page (/docs) work under,
 * HSTS only on HTTPS, and `Cache-Control: no-store` on API answers. docs/security.md ("Headers")
 * says why each one is there.
 */

/** Paths whose answers are API data (personal or not): never kept by a browser or a proxy. */
const API_DATA_PREFIXES = ['/asset/', '/api/', '/admin/api/', '/transaction/'];

/** The API docs page and its assets: Swagger UI's stylesheet draws its icons from data: URLs. */
const DOCS_PREFIX = '/docs';

/** A Host value that can go into a header as is: a name or an IP literal, and a port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The one inline style the web app needs: lightweight-charts adds a fixed `<style>` for the
 * TradingView attribution logo its licence asks for. Allowed by its hash (this exact text, nothing
 * else), not by 'unsafe-inline'; a test checks the hash against the installed library.
 */
export const CHART_ATTRIBUTION_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/** HSTS for a year; no includeSubDomains: other hosts of the operator's domain are not ours to pin. */
export const HSTS_VALUE = 'max-age=31536000';

/** The websocket origins of the host the page was asked from (/ws is on the same host). */
const socketOrigins = new WeakMap<IncomingMessage, string>();

/**
 * The origin a frame may come from: the economic calendar's (ECONOMIC_CALENDAR_URL, docs/content.md),
 * exactly that one in frame-src and child-src; none when it is not configured.
 */
export function frameOriginOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const origin = new URL(url).origin;
  return origin === 'null' ? undefined : origin;
}

export const securityHeadersPlugin = fp<{ frameUrl?: string | undefined }>(async (app, opts) => {
  const frameOrigin = frameOriginOf(opts.frameUrl);
  // Before helmet runs: the host as Fastify sees it (X-Forwarded-Host only with TRUST_PROXY).
  app.addHook('onRequest', async (request) => {
    const host = request.host;
    if (SAFE_HOST.test(host)) socketOrigins.set(request.raw, `ws://${host} wss://${host}`);
  });

  // helmet's middleware, built once: @fastify/helmet rebuilt it (and re-parsed the policy) on
  // every request, about 6 % of the CPU of a small API answer (docs/performance.md).
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", CHART_ATTRIBUTION_STYLE_HASH],
        // blob: shows a photo the user just chose from their own device (an object URL made by
        // the page itself) before it is uploaded: the KYC photos (docs/security.md).
        imgSrc: [(req) => (req.url?.startsWith(DOCS_PREFIX) ? "'self' data:" : "'self' blob:")],
        fontSrc: ["'self'"],
        // 'self' covers ws(s) of the same host only in CSP Level 3 browsers; named for the others.
        connectSrc: [(req) => ["'self'", socketOrigins.get(req)].filter(Boolean).join(' ')],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        ...(frameOrigin ? { frameSrc: [frameOrigin], childSrc: [frameOrigin] } : {}),
        formAction: ["'self'"],
      },
    },
    // Pop-ups and other sites' windows get no handle on ours; our files are not embedded elsewhere.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Sent below, only when the request came over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  app.addHook('onRequest', async (request, reply) => {
    // request.protocol is 'https' on a TLS socket, or from X-Forwarded-Proto when TRUST_PROXY is
    // set; never from a header the server was not told to trust.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });

  app.addHook('onSend', async (request, reply) => {
    // Anything answered to a session is personal, whatever route it is; other API answers keep a
    // cache policy of their own if the route set one, else none may be kept.
    if (request.headers.token !== undefined) {
      reply.header('cache-control', 'no-store');
      return;
    }
    const pathname = request.url.split('?')[0] ?? '';
    if (API_DATA_PREFIXES.some((p) => pathname.startsWith(p)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
