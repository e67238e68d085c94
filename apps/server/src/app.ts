import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { ADMIN_API, APP_VERSION, IMAGE_MAX_BYTES } from '@app/contract';
import type { AppContext } from './context';
import { envelopePlugin, sendError, sendFrameworkError } from './plugins/envelope';
import { createValidatorCompiler } from './lib/validator';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { operatorSessionPlugin } from './plugins/operator-session';
import { AuthService, SessionService, authRoutes } from './modules/auth';
import { UserService, userRoutes } from './modules/users';
import {
  AddressBookService,
  WithdrawalService,
  WithdrawalSigner,
  addressBookRoutes,
  signerChains,
  withdrawalAdminRoutes,
  withdrawalRoutes,
} from './modules/withdrawals';
import { FileService, fileRoutes } from './modules/files';
import { KycService, kycAdminRoutes, kycRoutes } from './modules/kyc';
import { LoanService, loanAdminRoutes, loanRoutes } from './modules/loans';
import { DepositService, DepositWatcher, chainScanners, depositRoutes } from './modules/deposits';
import { CustomerService, customerRoutes } from './modules/customers';
import { ApprovalService, approvalRoutes } from './modules/approvals';
import { queueRoutes } from './modules/queues';
import { systemRoutes } from './modules/system';
import { createLedger, OutboxRelay, type LedgerReads, type MoneyCommands } from './modules/ledger';
import { ReferencePrices, ValuationService, WalletService, walletRoutes } from './modules/wallet';
import { OtcService, otcRoutes, otcVolume } from './modules/otc';
import { contractRoutes, contractVolume, createContracts } from './modules/contracts';
import { SpotService, spotRoutes, spotVolume } from './modules/spot';
import { VipService, vipAdminRoutes, vipRoutes } from './modules/vip';
import { GuideService, guideRoutes } from './modules/guide';
import { MarketModule, marketRoutes, type EngineOptions } from './modules/market';
import { AuditLog, auditRoutes, operatorActor } from './modules/audit';
import { OperatorService, OperatorSessionService, operatorRoutes } from './modules/operators';
import { startJobs } from './jobs';
import { kindOf } from './db/client';
import { createBus, createEngineRole, type ClusterBus, type EngineRole, type ManagedRole } from './modules/cluster';
import { rateLimitSetup } from './lib/rate-limit-store';
import { FinancingService, financingAdminRoutes, financingRoutes } from './modules/financing';
import { NotificationService, notificationRoutes } from './modules/notifications';
import { ChatService, chatAdminRoutes, chatRoutes } from './modules/chat';
import { AppVersionService, appVersionAdminRoutes, appVersionRoutes } from './modules/app-version';
import {
  HelpService,
  LegalService,
  NewsService,
  ShortcutService,
  helpAdminRoutes,
  helpRoutes,
  legalAdminRoutes,
  legalRoutes,
  newsAdminRoutes,
  newsRoutes,
  shortcutAdminRoutes,
  shortcutRoutes,
} from './modules/content';

/** Paths that belong to the API: never answered with the web app's HTML. */
const API_PREFIXES = [
  '/asset/',
  '/api/',
  '/admin/api/',
  '/transaction/',
  '/uploads/',
  '/docs',
  '/ws',
  '/healthz',
  '/readyz',
];
/**
 * Whether a path belongs to the API (and so never gets an app's HTML): it, or the path it means once
 * its escapes are decoded, its repeated slashes joined and its dot segments resolved, is under an API
 * prefix or is the prefix without its trailing slash (`/admin/api`, `/admin/api/%2e%2e`, `/admin/%61pi/`).
 * A path whose escapes do not decode is not a page either.
 */
export function isApiPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  const resolved = path.posix.normalize(decoded.replace(/\/+/g, '/'));
  return [pathname, decoded, resolved].some((p) =>
    API_PREFIXES.some((prefix) => p.startsWith(prefix) || (prefix.endsWith('/') && p === prefix.slice(0, -1))),
  );
}

/** Client-side routes of the web app (docs/product.md §2), answered with index.html. */
const SPA_ROUTE = /^\/($|splash$|pages\/|choose-location$|open-location$)/;

/** The back office (apps/admin): its files and client routes under /admin/, its API under /admin/api/. */
const ADMIN_PREFIX = '/admin/';

/** Vite's content-hashed output: a new build gives changed files new names. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The caching of a file of the built web app (docs/operations.md, "Web delivery"): hashed files
 * under /assets/ for a year without revalidation; everything else (index.html, also as the answer
 * to app routes, and the unhashed public files such as coin icons) revalidated on each use, a 304
 * by ETag when unchanged, so a new build is seen at once.
 */
export function webCacheControl(webDist: string, filePath: string): string {
  const rel = path.relative(webDist, filePath).split(path.sep);
  return rel.length > 1 && rel[0] === HASHED_DIR ? IMMUTABLE : 'no-cache';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger: the test harness and `npm run ledger:verify` check every module's invariants through it. */
    ledger: LedgerReads;
    /** The money command: scripts, benchmarks and tests move money through it, as the modules do. */
    money: MoneyCommands;
    /** Deposits: the chain watchers and tests ask it whose an address is. */
    deposits: DepositService;
    /** Withdrawals: tests complete and fail them as the signer does. */
    withdrawals: WithdrawalService;
    /** A deposit watcher per chain with a configured node; they run in the engine role (tests poll them). */
    depositWatchers: DepositWatcher[];
    /** The withdrawal signer: runs in the engine role on the chains of `signerChains` (tests call runOnce). */
    withdrawalSigner: WithdrawalSigner;
    /** Financing: tests run the maturity job's pass (runOnce) as the engine role does. */
    financing: FinancingService;
    /** Loans: tests run the housekeeping pass (purgeQuotes) as the engine role does. */
    loans: LoanService;
    /** Notifications: `nudge()` after writing a notice row sends it to this process's streams at once. */
    notifications: NotificationService;
    /** Chat: tests run the offline-reply notification pass (runOnce) as the engine role does. */
    chat: ChatService;
    /** The engine role of this process (elected on PostgreSQL; always the engine embedded): engine work runs only while it holds it. */
    engineRole: EngineRole;
    /** The bus between processes (BUS_URL: NATS JetStream; unset: in this process): order events, the engine's feed, signals. */
    bus: ClusterBus;
  }
}

export interface BuildOptions {
  ctx: AppContext;
  /** A pino logger; none means silent (tests). */
  logger?: FastifyBaseLogger;
  /** Until this says true, only health, docs and static files are served (the database is opening). */
  isReady?: () => boolean;
  /** Price sources instead of the configured ones (tests that script exact ticks). */
  marketEngine?: EngineOptions;
}

export async function buildApp({
  ctx,
  logger,
  isReady = () => true,
  marketEngine,
}: BuildOptions): Promise<FastifyInstance> {
  const app = createServer(ctx, logger);
  const role = watchEngineRole(app, ctx, isReady);
  const { sessions, operatorSessions, audit } = await registerPlugins(app, ctx, isReady);
  await registerHealth(app, ctx, role, isReady);
  const { auth, files, users, kyc } = await registerIdentity(app, ctx, { sessions, operatorSessions, audit });
  // News and announcements (docs/content.md): the home banners (market) and the content routes read its posts.
  const news = new NewsService(ctx, { audit });
  const { bus, outboxRelay, market } = await registerMarket(app, ctx, { sessions, news, marketEngine });
  const { ledger, money, prices, valuation } = await registerMoney(app, ctx, { bus, market, audit, sessions, kyc });
  const vip = await registerVipAndGuide(app, ctx, { audit, ledger, valuation });
  const { deposits, depositWatchers, withdrawals, withdrawalSigner } = await registerDepositsAndWithdrawals(app, ctx, {
    money,
    ledger,
    prices,
    audit,
    users,
    codes: auth.otp,
    sessions,
    vip,
  });
  const { loans, financing } = await registerProducts(app, ctx, { money, ledger, prices, audit, kyc, files, vip });
  await registerContent(app, ctx, { news, audit });
  const chat = await registerChat(app, ctx, { audit, files });
  await registerBackOffice(app, ctx, { money, audit, kyc, deposits, depositWatchers, withdrawals, loans });
  const contracts = await registerContracts(app, ctx, { ledger, money, market });
  const notifications = await registerNotifications(app, ctx, { chat, bus });
  const spot = await registerSpot(app, ctx, { money, market });
  // Background jobs, every one declared in jobs.ts: the engine role's work, and each process's notice hub.
  startJobs(
    {
      outboxRelay,
      market,
      depositWatchers,
      withdrawalSigner,
      withdrawals,
      financing,
      loans,
      chat,
      contracts,
      spot,
      notifications,
    },
    { app, config: ctx.config, role, isReady },
  );
  await registerWebApps(app, ctx);
  return app;
}

/** Fastify with the envelope's framework errors, the input rules, and one access-log line per request. */
function createServer(ctx: AppContext, logger: FastifyBaseLogger | undefined): FastifyInstance {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 64 * 1024,
    genReqId: () => crypto.randomUUID(),
    // One access-log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A malformed path or an over-long path parameter answers the envelope, never Fastify's own
    // body (which repeats the path).
    frameworkErrors: sendFrameworkError,
  });
  // Schemas from packages/contract, plus two rules for every input: finite numbers, no control
  // characters (lib/validator.ts, docs/security.md "Input validation").
  app.setValidatorCompiler(createValidatorCompiler());
  // Services log through the app's logger.
  ctx.log = app.log;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
  return app;
}

/**
 * The engine role (docs/architecture.md "Engine role and fencing"): every piece of engine work
 * (jobs.ts) is watched by it, started once the database is ready while this process is the engine
 * (inside its fencing scope), stopped when the role is lost or the app closes.
 */
function watchEngineRole(app: FastifyInstance, ctx: AppContext, isReady: () => boolean): ManagedRole {
  const role = createEngineRole(
    {
      databaseUrl: ctx.config.databaseUrl,
      engine: ctx.config.market.engine,
      node: ctx.config.nodeName,
      election: ctx.config.election,
    },
    { isReady, log: () => app.log, db: () => ctx.db },
  );
  app.decorate('engineRole', role);
  app.addHook('onReady', async () => role.start());
  app.addHook('onClose', async () => role.close());
  return role;
}

/**
 * What every request passes through: the envelope, security headers, user and operator sessions,
 * request counters, uploads, the OpenAPI document, and NOT_READY until the database is open.
 */
async function registerPlugins(app: FastifyInstance, ctx: AppContext, isReady: () => boolean) {
  await app.register(envelopePlugin);
  // Security headers on every answer, errors and static files included (docs/security.md).
  await app.register(securityHeadersPlugin, { frameUrl: ctx.config.economicCalendarUrl });
  const sessions = new SessionService(ctx);
  await app.register(sessionPlugin, { sessions });
  // Operators of the back office: their own tokens, looked up in their own tables, and every admin
  // route's roles checked before its body is read (the sign-in is the one open admin route).
  const operatorSessions = new OperatorSessionService(ctx);
  const audit = new AuditLog(ctx);
  await app.register(operatorSessionPlugin, {
    operators: operatorSessions,
    publicPaths: [ADMIN_API.auth.login],
    // An operator refused for their role is recorded: what they tried, as whom.
    onForbidden: (request, { operator }) =>
      audit
        .write(ctx.db, operatorActor(request, operator), {
          action: 'access.forbidden',
          after: { method: request.method, path: request.routeOptions.url ?? request.url },
        })
        .then(() => undefined),
  });
  // Request counters: in Redis when REDIS_URL is set, shared by every process (lib/rate-limit-store.ts).
  const limits = rateLimitSetup(ctx.config.rateLimitStore, app.log);
  await limits.start();
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, limits.options);
  await app.register(multipart, {
    // One byte over the limit is how we notice "too large".
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  await registerOpenApi(app);

  app.addHook('onRequest', async (request, reply) => {
    if (isReady()) return;
    const url = request.url;
    if (url.startsWith('/healthz') || url.startsWith('/readyz') || url.startsWith('/docs')) return;
    return sendError(reply, 'NOT_READY');
  });
  return { sessions, operatorSessions, audit };
}

/** The OpenAPI document (/docs/json), generated from the route schemas, and its UI (/docs). */
async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Trading and wallet API',
        version: APP_VERSION,
        description:
          'Every answer is `{ code, msg, data }`; code 0 is success. See docs/error-codes.md. Routes marked with the token security answer 301 without a live session before they look at anything else. Numbers must be finite and within their bounds; no string may contain a control character. Money and prices are decimal strings; every time is UTC epoch milliseconds (an integer), in answers, bodies, query strings and websocket messages.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          operator: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description:
              'An operator session token (`op_…`, from /admin/api/auth/login) in the `token` header. The scopes listed on a route are the operator roles it allows; any other role answers OPERATOR_ROLE_FORBIDDEN (403), no live operator session answers 301. A user token never opens these routes.',
          },
        },
      },
    },
  });
  // BaseLayout: Swagger UI without its top bar, whose logo is an SVG with an inline <style> the
  // CSP refuses (docs/security.md, "Headers").
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { layout: 'BaseLayout' } });
}

/** Health and readiness (/healthz, /readyz): the role, the bus, the database, the chain watchers. */
async function registerHealth(
  app: FastifyInstance,
  ctx: AppContext,
  role: ManagedRole,
  isReady: () => boolean,
): Promise<void> {
  // The chain watchers are built further down; /readyz reports them once they exist.
  await app.register(systemRoutes, {
    isReady,
    readyzToken: ctx.config.readyzToken,
    chains: () => (app.hasDecorator('depositWatchers') ? app.depositWatchers.map((w) => w.status()) : []),
    ready: {
      role: () => role.status(),
      // The bus is decorated further down (modules/cluster); /readyz leaves it out until then.
      bus: () => (app as { bus?: { status(): { kind: string; connected: boolean } } }).bus?.status(),
      dbKind: () => kindOf(ctx.db),
      ping: () => ctx.db.execute(sql`SELECT 1`),
    },
  });
}

/** Users and operators: codes, sign-up and sign-in, profiles, uploads, the back office's operators and audit log, identity verification. */
async function registerIdentity(
  app: FastifyInstance,
  ctx: AppContext,
  {
    sessions,
    operatorSessions,
    audit,
  }: {
    sessions: SessionService;
    operatorSessions: OperatorSessionService;
    audit: AuditLog;
  },
) {
  const auth = new AuthService(ctx, sessions);
  const files = new FileService(ctx);
  // Uploads' bytes in the file store (FILE_STORE: disk, pg or s3; modules/files/store.ts); avatars served from it by fileRoutes.
  app.addHook('onClose', () => files.close());
  const users = new UserService(ctx, auth.otp, sessions, files);
  await app.register(authRoutes, { auth, rateLimitPerMinute: ctx.config.authRateLimitPerMinute });
  await app.register(userRoutes, { users });
  await app.register(fileRoutes, { files });
  // The back office (issue 16): operators and the audit log.
  await app.register(operatorRoutes, {
    operators: new OperatorService(ctx, operatorSessions, audit),
    rateLimitPerMinute: ctx.config.authRateLimitPerMinute,
  });
  await app.register(auditRoutes, { audit });
  // Identity verification: the user's stages, and the review (compliance).
  const kyc = new KycService(ctx, files, audit, ctx.config.kyc);
  await app.register(kycRoutes, { kyc });
  await app.register(kycAdminRoutes, { kyc });
  return { auth, files, users, kyc };
}

/** Market data, the market websocket (/ws), and the bus between processes the engine's feed and the users' events travel on. */
async function registerMarket(
  app: FastifyInstance,
  ctx: AppContext,
  {
    sessions,
    news,
    marketEngine,
  }: {
    sessions: SessionService;
    news: NewsService;
    marketEngine: EngineOptions | undefined;
  },
) {
  // 64 KiB is the hard cap of a client message.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // The bus between processes; closed after the modules that use it (root onClose hooks run after the plugins').
  const bus = await createBus(ctx.config, app.log, ctx.config.nodeName);
  app.decorate('bus', bus);
  app.addHook('onClose', () => bus.close());
  // Outbox rows whose process died between the commit and the publish: published by a job (jobs.ts "outbox relay").
  const outboxRelay = new OutboxRelay(ctx, bus);
  const market = new MarketModule(ctx, sessions, { ...(marketEngine ? { engine: marketEngine } : {}), cluster: bus });
  app.decorate('market', market);
  await app.register(marketRoutes, { market, moreBanners: (lang, position) => news.homeBanners(lang, position) });
  return { bus, outboxRelay, market };
}

/**
 * Money: the ledger and the one money command every money-moving request runs through (its events
 * go to the users' feeds after the commit); what reads it: users in the back office (balances) and
 * wallets, valued at the market's reference prices.
 */
async function registerMoney(
  app: FastifyInstance,
  ctx: AppContext,
  {
    bus,
    market,
    audit,
    sessions,
    kyc,
  }: {
    bus: ClusterBus;
    market: MarketModule;
    audit: AuditLog;
    sessions: SessionService;
    kyc: KycService;
  },
) {
  // Order events: to the outbox in the command's transaction, then to the bus (ledger/outbox.ts).
  const { ledger, money } = createLedger(ctx, bus);
  app.decorate('ledger', ledger);
  app.decorate('money', money);
  // Users in the back office: their verification, balances (read-only) and sessions.
  await app.register(customerRoutes, { customers: new CustomerService(ctx, audit, sessions, kyc, ledger) });
  app.addHook('onClose', () => money.outbox.flush());
  const prices = new ReferencePrices(market);
  const wallet = new WalletService(ctx, ledger, money);
  const valuation = new ValuationService(ctx, ledger, wallet, prices);
  await app.register(walletRoutes, { wallet, valuation });
  return { ledger, money, prices, valuation };
}

/**
 * VIP tiers (docs/vip.md): each customer's tier from the real account's 30-day trading volume (OTC,
 * spot, seconds contracts) and its balances valued now; OTC and withdrawals apply its benefits. The
 * novice guide's progress from the user's own records (docs/content.md "Novice guide").
 */
async function registerVipAndGuide(
  app: FastifyInstance,
  ctx: AppContext,
  { audit, ledger, valuation }: { audit: AuditLog; ledger: LedgerReads; valuation: ValuationService },
): Promise<VipService> {
  const vip = new VipService(ctx, {
    audit,
    balances: valuation,
    volumes: [otcVolume, spotVolume, contractVolume],
  });
  await app.register(vipRoutes, { vip });
  await app.register(vipAdminRoutes, { vip });
  await app.register(guideRoutes, { guide: new GuideService(ctx, ledger) });
  return vip;
}

/** Money in and out: deposit addresses and the chain watchers, withdrawals, their address book and the signer. */
async function registerDepositsAndWithdrawals(
  app: FastifyInstance,
  ctx: AppContext,
  {
    money,
    ledger,
    prices,
    audit,
    users,
    codes,
    sessions,
    vip,
  }: {
    money: MoneyCommands;
    ledger: LedgerReads;
    prices: ReferencePrices;
    audit: AuditLog;
    users: UserService;
    codes: AuthService['otp'];
    sessions: SessionService;
    vip: VipService;
  },
) {
  // Deposits: coins × chains, each user's deposit addresses (from account xpubs), the address book, records.
  const deposits = new DepositService(ctx);
  app.decorate('deposits', deposits);
  await app.register(depositRoutes, { deposits });
  // The chain watchers: deposits seen, counted up and credited (docs/deposits.md "Detection").
  const depositWatchers = chainScanners(ctx, deposits).map(
    (scanner) => new DepositWatcher(ctx, { deposits, money, scanner }),
  );
  app.decorate('depositWatchers', depositWatchers);

  // Withdrawals: quote, confirm into escrow, review by the rules or operators, paid out by the signer (engine role).
  const withdrawals = new WithdrawalService(ctx, {
    money,
    ledger,
    prices,
    audit,
    users,
    routes: deposits.routes,
    signerChains: signerChains(ctx),
    tiers: vip,
  });
  app.decorate('withdrawals', withdrawals);
  // The signer: approved withdrawals signed, recorded, sent and followed to completion (docs/withdrawals.md "Signer").
  const withdrawalSigner = new WithdrawalSigner(ctx, { withdrawals });
  app.decorate('withdrawalSigner', withdrawalSigner);

  // The withdrawal address book: where money may be sent, saved with the fund password; its
  // "this wasn't me" link freezes withdrawals and cancels those waiting for review.
  await app.register(addressBookRoutes, {
    addressBook: new AddressBookService(ctx, { deposits, users, codes, sessions, processing: withdrawals }),
    rateLimitPerMinute: ctx.config.authRateLimitPerMinute,
  });
  await app.register(withdrawalRoutes, { withdrawals });
  await app.register(withdrawalAdminRoutes, { withdrawals });
  return { deposits, depositWatchers, withdrawals, withdrawalSigner };
}

/** What the house offers: loans, OTC trades, fixed-term financing. */
async function registerProducts(
  app: FastifyInstance,
  ctx: AppContext,
  {
    money,
    ledger,
    prices,
    audit,
    kyc,
    files,
    vip,
  }: {
    money: MoneyCommands;
    ledger: LedgerReads;
    prices: ReferencePrices;
    audit: AuditLog;
    kyc: KycService;
    files: FileService;
    vip: VipService;
  },
) {
  // Loans: applications reviewed by operators (four eyes above LOAN_FOUR_EYES_USDT), paid out from the
  // loan book, repaid only when the user asks, from a binding quote (docs/loans.md).
  const loans = new LoanService(ctx, { money, ledger, prices, audit, kyc, files });
  app.decorate('loans', loans);
  await app.register(loanRoutes, { loans });
  await app.register(loanAdminRoutes, { loans });
  await app.register(otcRoutes, { otc: new OtcService(ctx, money, prices, ctx.config.otc, vip) });
  // Fixed-term financing: products, estimate and token, subscriptions; the maturity job pays them in the engine role.
  const financing = new FinancingService(ctx, { money, ledger, audit });
  app.decorate('financing', financing);
  await app.register(financingRoutes, { financing });
  await app.register(financingAdminRoutes, { financing });
  return { loans, financing };
}

/** Texts written in the back office: news and announcements, the helper centre, legal texts, app versions. */
async function registerContent(
  app: FastifyInstance,
  ctx: AppContext,
  { news, audit }: { news: NewsService; audit: AuditLog },
): Promise<void> {
  // News and announcements, written in the back office (docs/content.md "News and announcements").
  await app.register(newsRoutes, { news });
  await app.register(newsAdminRoutes, { news });
  // The helper centre and the versioned legal texts (docs/content.md "Helper centre", "Legal texts"); seeded on first use.
  const help = new HelpService(ctx, { audit });
  await app.register(helpRoutes, { help });
  await app.register(helpAdminRoutes, { help });
  const legal = new LegalService(ctx, { audit });
  await app.register(legalRoutes, { legal });
  await app.register(legalAdminRoutes, { legal });
  // App versions and downloads: what an installed app is told by get-version, the download QR codes (docs/app-version.md).
  const appVersions = new AppVersionService(ctx, audit);
  await app.register(appVersionRoutes, { appVersions });
  await app.register(appVersionAdminRoutes, { appVersions });
  // The home page's shortcuts, shown or hidden, labelled and pointed by operators (docs/content.md "Home shortcuts").
  const shortcuts = new ShortcutService(ctx, { audit });
  await app.register(shortcutRoutes, { shortcuts });
  await app.register(shortcutAdminRoutes, { shortcuts });
}

/**
 * Customer-service chat and the back office's inbox (docs/chat.md); replies the user was away for
 * become notifications (engine role).
 */
async function registerChat(
  app: FastifyInstance,
  ctx: AppContext,
  { audit, files }: { audit: AuditLog; files: FileService },
): Promise<ChatService> {
  // The notice stream is set up later (it renders chat rows through the chat's face); chat writes nudge it once both exist.
  const nudge = () => app.notifications.nudge();
  const chat = new ChatService(
    ctx,
    { audit, files, nudge },
    { notifyAfterSeconds: ctx.config.chat.notifyAfterSeconds },
  );
  app.decorate('chat', chat);
  await app.register(chatRoutes, { chat });
  await app.register(chatAdminRoutes, { chat });
  return chat;
}

/** The back office's four eyes on money and its dashboard of queues. */
async function registerBackOffice(
  app: FastifyInstance,
  ctx: AppContext,
  {
    money,
    audit,
    kyc,
    deposits,
    depositWatchers,
    withdrawals,
    loans,
  }: {
    money: MoneyCommands;
    audit: AuditLog;
    kyc: KycService;
    deposits: DepositService;
    depositWatchers: readonly DepositWatcher[];
    withdrawals: WithdrawalService;
    loans: LoanService;
  },
): Promise<void> {
  // Four eyes on an operator's change of money: asked by one operator, approved by another.
  const approvals = new ApprovalService(ctx, money, audit);
  await app.register(approvalRoutes, { approvals });
  // The back office's dashboard: how much waits in each queue of the operator's role.
  await app.register(queueRoutes, {
    sources: { kyc, approvals, deposits, withdrawals, loans },
    chains: () => depositWatchers.map((w) => w.status()),
  });
}

/** Seconds contracts: opened at the server's last tick, settled in the background from recorded ticks (jobs.ts). */
async function registerContracts(
  app: FastifyInstance,
  ctx: AppContext,
  {
    ledger,
    money,
    market,
  }: {
    ledger: LedgerReads;
    money: MoneyCommands;
    market: MarketModule;
  },
) {
  const contracts = createContracts(ctx, { ledger, money, market }, ctx.config.contracts);
  app.decorate('contracts', contracts);
  await app.register(contractRoutes, { service: contracts.service });
  return contracts;
}

/** Notifications and the notice stream (SSE): every process serving streams runs a hub (jobs.ts "notice hub"). */
async function registerNotifications(
  app: FastifyInstance,
  ctx: AppContext,
  { chat, bus }: { chat: ChatService; bus: ClusterBus },
): Promise<NotificationService> {
  const notifications = new NotificationService(ctx, chat, bus);
  app.decorate('notifications', notifications);
  await app.register(notificationRoutes, { notifications });
  return notifications;
}

/** Spot orders against the house; the matcher (jobs.ts) fills resting limit orders as prices cross them. */
async function registerSpot(
  app: FastifyInstance,
  ctx: AppContext,
  { money, market }: { money: MoneyCommands; market: MarketModule },
): Promise<SpotService> {
  const spot = new SpotService(ctx, money, market, ctx.config.spot);
  await app.register(spotRoutes, { spot });
  return spot;
}

/**
 * The built web app and back office (when present), and the answer to every other path: a client
 * route gets its app's index.html, anything else the JSON NOT_FOUND envelope.
 */
async function registerWebApps(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const indexHtml = path.join(ctx.config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(ctx.config.webDist, filePath)),
    });
  }

  // The back office (issue 16): its own build, the same caching and precompression as the web app's.
  const hasAdmin = fs.existsSync(path.join(ctx.config.adminDist, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: ctx.config.adminDist,
      prefix: ADMIN_PREFIX,
      // The web app's registration decorates the reply (sendFile); without the web app, this one does.
      decorateReply: !hasWeb,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(ctx.config.adminDist, filePath)),
    });
    // A page's address, not an API operation: kept out of the OpenAPI document (as the static files are).
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect(ADMIN_PREFIX, 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(pathname);
    const isPage = !isApi && (request.method === 'GET' || request.method === 'HEAD');
    // /admin/ and the back office's client routes (/admin/audit, …): its index.html, revalidated on each use.
    if (hasAdmin && isPage && pathname.startsWith(ADMIN_PREFIX)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html', ctx.config.adminDist);
    }
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD') && SPA_ROUTE.test(pathname)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html', ctx.config.webDist);
    }
    return sendError(reply, 'NOT_FOUND');
  });
}
