import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { PollLoop, roleWork, runWhenReady, startWhenReady } from './lib/worker';
import type { ChatService } from './modules/chat';
import type { ManagedRole } from './modules/cluster';
import type { ContractSettler } from './modules/contracts';
import type { DepositWatcher } from './modules/deposits';
import type { FinancingService } from './modules/financing';
import type { OutboxRelay } from './modules/ledger';
import type { LoanService } from './modules/loans';
import type { MarketModule } from './modules/market';
import type { NotificationService } from './modules/notifications';
import type { SpotService } from './modules/spot';
import type { WithdrawalService, WithdrawalSigner } from './modules/withdrawals';

/**
 * Every background job of the server, in one table: what it does, when it runs, which process runs
 * it, where its code is. `buildApp` starts them with `startJobs`, in the table's order, once the
 * modules are built. Engine-role work (docs/architecture.md "Engine role and fencing") runs in
 * exactly one process at a time: the role starts it once the database is ready and stops it when
 * the role is lost or the app closes. With MARKET_ENGINE=manual (tests) the engine role never
 * starts it; tests call the passes themselves (the objects are decorated on the app).
 */

/** The objects the jobs run on, built by `buildApp`. */
export interface JobServices {
  outboxRelay: OutboxRelay;
  market: MarketModule;
  depositWatchers: readonly DepositWatcher[];
  withdrawalSigner: WithdrawalSigner;
  withdrawals: WithdrawalService;
  financing: FinancingService;
  loans: LoanService;
  chat: ChatService;
  contracts: { settler: ContractSettler };
  spot: SpotService;
  notifications: NotificationService;
}

/** Where jobs start: the app (its hooks), its configuration, the engine role, and whether the database is open yet. */
export interface JobHost {
  app: FastifyInstance;
  config: Config;
  role: ManagedRole;
  isReady: () => boolean;
}

interface JobInfo {
  name: string;
  does: string;
  /** When it runs: the pause between two passes, or what drives it. */
  schedule: string;
  /** `engine role`: one process at a time; `every process`: each process serving requests. */
  runs: 'engine role' | 'every process';
  /** Its code, under apps/server/src/. */
  code: string;
}

/** A pass every `everyMs` (lib/worker.ts `runWhenReady`), never overlapping; a failed pass is logged and the next one comes. */
interface PassJob extends JobInfo {
  everyMs: (config: Config) => number;
  pass: (s: JobServices) => Promise<unknown>;
}

/** A job with its own loop or timers, started as it needs. */
interface LoopJob extends JobInfo {
  start: (s: JobServices, host: JobHost) => void;
}

export type Job = PassJob | LoopJob;

/** How often each process checks the chains withdrawals are sent on (jobs "withdrawal availability"). */
const AVAILABILITY_EVERY_MS = 15_000;

export const JOBS: readonly Job[] = [
  {
    name: 'notice hub',
    does: "stamps waiting notices and writes new rows of the notice stream to this process's SSE streams (idle without streams); stopped, its streams closed, before the server closes",
    schedule: 'every NOTICE_POLL_MS, and at once after a nudge (a write here, or the bus signal from another process)',
    runs: 'every process',
    code: 'modules/notifications/hub.ts (NoticeHub)',
    start: ({ notifications }, { app }) => {
      app.addHook('onReady', async () => notifications.hub.start());
      app.addHook('preClose', async () => notifications.hub.stop());
    },
  },
  {
    name: 'outbox relay',
    does: 'publishes order events whose process died between the commit and the publish (also in one process, after a crash)',
    schedule: 'every second',
    runs: 'engine role',
    code: 'modules/ledger/outbox.ts (OutboxRelay.runOnce)',
    everyMs: () => 1000,
    pass: ({ outboxRelay }) => outboxRelay.runOnce(),
  },
  {
    name: 'market engine',
    does: "price sources (simulator or Binance), live candles, minute and tick storage, first-start history, tick retention; a process without the role follows the engine's feed over the bus",
    schedule: 'live, on its own timers (retention hourly), with MARKET_ENGINE=timers; manual starts nothing',
    runs: 'engine role',
    code: 'modules/market/market-module.ts (engineWork, follow), engine.ts',
    start: startMarketEngine,
  },
  {
    name: 'deposit watchers',
    does: 'one chain scanner per chain with a configured node: deposits seen, counted up and credited once confirmed (docs/deposits.md "Detection")',
    schedule: 'every CHAIN_POLL_MS once caught up, at once while behind the head; backoff after a failure',
    runs: 'engine role',
    code: 'modules/deposits/watcher.ts (DepositWatcher), modules/chains/block-scanner.ts',
    start: ({ depositWatchers }, { app, role, isReady }) => {
      if (!depositWatchers.length) return;
      roleWork(app, role, isReady, {
        start: () => depositWatchers.forEach((w) => w.start()),
        stop: () => Promise.all(depositWatchers.map((w) => w.stop())),
      });
    },
  },
  {
    name: 'withdrawal signer',
    does: 'approved withdrawals signed, recorded, sent and followed to completion on the chains with a hot wallet (docs/withdrawals.md "Signer")',
    schedule: 'every WITHDRAW_SIGNER_POLL_MS; backoff after a failed run',
    runs: 'engine role',
    code: 'modules/withdrawals/signer.ts (WithdrawalSigner)',
    start: ({ withdrawalSigner }, { app, role, isReady }) => {
      if (withdrawalSigner.lanes.length) roleWork(app, role, isReady, withdrawalSigner);
    },
  },
  {
    name: 'withdrawal availability',
    does: 'checks the nodes withdrawals are sent on and the hot wallet\'s balances, so a coin × chain that cannot be withdrawn says why and since when (docs/withdrawals.md "Availability"); with MARKET_ENGINE=manual (tests) they call checkAvailability themselves',
    schedule: 'every 15 seconds',
    runs: 'every process',
    code: 'modules/withdrawals/availability.ts (WithdrawalAvailability.probeOnce)',
    start: ({ withdrawals }, { app, config, isReady }) => {
      if (config.market.engine !== 'timers' || !withdrawals.availability.lanes.length) return;
      const loop = new PollLoop();
      startWhenReady(app, isReady, {
        start: () =>
          loop.start(async () => {
            await withdrawals
              .checkAvailability()
              .catch((err: unknown) => app.log.error({ err }, 'withdrawal availability failed'));
            return AVAILABILITY_EVERY_MS;
          }),
        stop: () => loop.stop(),
      });
    },
  },
  {
    name: 'financing maturity',
    does: 'pays every subscription due by now (principal and interest, exactly once, also after downtime); removes estimate tokens a day past expiry',
    schedule: 'every FINANCING_JOB_INTERVAL_MS',
    runs: 'engine role',
    code: 'modules/financing/service.ts (FinancingService.runOnce)',
    everyMs: (config) => config.financing.jobIntervalMs,
    pass: ({ financing }) => financing.runOnce(),
  },
  {
    name: 'loan reminders',
    does: 'due-date reminders (due within a day, overdue): once per loan each, also after downtime',
    schedule: 'every 10 minutes',
    runs: 'engine role',
    code: 'modules/loans/service.ts (LoanService.remindDue)',
    everyMs: () => 10 * 60_000,
    pass: ({ loans }) => loans.remindDue(),
  },
  {
    name: 'housekeeping',
    does: 'removes withdrawal and loan quotes a day past their expiry (support can see what a user was shown until then), and order events a day after they were published',
    schedule: 'hourly',
    runs: 'engine role',
    code: 'modules/withdrawals/service.ts, modules/loans/service.ts (purgeQuotes), modules/ledger/outbox.ts (OutboxRelay.purge)',
    everyMs: () => 60 * 60_000,
    pass: ({ withdrawals, loans, outboxRelay }) =>
      Promise.all([withdrawals.purgeQuotes(), loans.purgeQuotes(), outboxRelay.purge()]),
  },
  {
    name: 'chat offline replies',
    does: "operators' replies the user was away for become notifications",
    schedule: 'every CHAT_NOTIFY_INTERVAL_MS',
    runs: 'engine role',
    code: 'modules/chat/service.ts (ChatService.runOnce)',
    everyMs: (config) => config.chat.jobIntervalMs,
    pass: ({ chat }) => chat.runOnce(),
  },
  {
    name: 'contract settlement',
    does: 'settles expired seconds contracts exactly once, from recorded ticks',
    schedule: 'every CONTRACT_SETTLE_EVERY_MS',
    runs: 'engine role',
    code: 'modules/contracts/settlement.ts (ContractSettler.pass)',
    everyMs: (config) => config.contracts.settleEveryMs,
    pass: ({ contracts }) => contracts.settler.pass(),
  },
  {
    name: 'spot matcher',
    does: 'fills resting limit orders as prices cross them',
    schedule: 'every SPOT_MATCH_EVERY_MS',
    runs: 'engine role',
    code: 'modules/spot/service.ts (SpotService.matchOnce)',
    everyMs: (config) => config.spot.matchEveryMs,
    pass: ({ spot }) => spot.matchOnce(),
  },
];

/** Starts every job of `JOBS`, in order: engine-role work is handed to the role, the rest hooked to the app. */
export function startJobs(s: JobServices, host: JobHost): void {
  const { app, config, role, isReady } = host;
  for (const job of JOBS) {
    if ('start' in job) job.start(s, host);
    else
      runWhenReady(app, {
        name: job.name,
        everyMs: job.everyMs(config),
        run: () => job.pass(s),
        isReady,
        log: app.log,
        role,
      });
  }
}

/**
 * With MARKET_ENGINE=timers. Elected (PostgreSQL): the engine runs while this process holds the
 * role, and the process follows the bus otherwise. One process: always the engine.
 */
function startMarketEngine({ market }: JobServices, { app, role, isReady }: JobHost): void {
  if (market.ctx.config.market.engine !== 'timers') return;
  // The role starts the engine once the app is ready, while this process holds it.
  if (role.elected) role.watch(market.engineWork);
  let closing = false;
  app.addHook('onReady', async () => {
    // main.ts listens before the database is open: start when it is, without holding up ready.
    void (async () => {
      while (!isReady() && !closing) await new Promise((r) => setTimeout(r, 100));
      if (closing) return;
      if (role.elected) {
        // Until this process is the engine (a no-op once it is): the engine's inputs from the bus.
        await market.follow().catch((err) => market.ctx.log.error({ err }, 'market follower failed to start'));
        return;
      }
      await Promise.resolve(market.engineWork.start()).catch((err) =>
        market.ctx.log.error({ err }, 'market engine failed to start'),
      );
    })();
  });
  app.addHook('onClose', async () => {
    closing = true;
  });
}
