import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { MARKETS } from '@app/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { AuditLog, auditVerifyReport } from '../modules/audit';
import { contractsRepo } from '../modules/contracts';
import { creditBackStage } from '../modules/deposits';
import type { MoneyCommands } from '../modules/ledger';
import { OperatorService, OperatorSessionService } from '../modules/operators';
import { userRepo, type UserRow } from '../modules/users';
import { assetOrThrow, positiveAmount } from '../modules/wallet';

/**
 * The operators' commands (`npm run ops -- …`, apps/server/scripts/ops.ts), run either by the CLI on a
 * database it opened itself, or by the running server on its own database when the CLI asks it over
 * the ops socket (./socket.ts; docs/operations.md "The back office: operators and the audit log").
 */

/** Where a command reads its input and writes its output: the terminal, or the socket back to the CLI. */
export interface OpsIo {
  out(line: string): void;
  err(line: string): void;
  /** All of standard input (a password piped in with --password-stdin). */
  stdin(): Promise<string>;
  /** The machine user who runs the CLI, as the audit log names the command line: `cli:<user>`. */
  user: string;
}

/** What the commands run on. */
export interface OpsDeps {
  ctx: AppContext;
  /** The money command (a back-stage credit). */
  money: () => MoneyCommands;
  /** Every ledger invariant checked: the violations found, at most 100. */
  ledgerVerify: () => Promise<{ rule: string; detail: string }[]>;
}

export const OPS_USAGE = 'commands: credit, product, ledger-verify, operator, audit-verify';

/** The command line as the audit log names it: `cli:<user of the machine>`, no operator, no request. */
const cliActor = (user: string) => ({
  operatorId: null,
  operatorEmail: `cli:${user}`,
  role: null,
  requestId: null,
  ip: null,
});

async function operatorCommand(ctx: AppContext, args: string[], io: OpsIo): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  const audit = new AuditLog(ctx);
  const service = new OperatorService(ctx, new OperatorSessionService(ctx), audit);
  if (sub === 'create' && values.email && values.role) {
    // A generated password unless one is piped in: none is ever a default, none goes on the command line (shell history).
    const password = values['password-stdin']
      ? (await io.stdin()).replace(/\r?\n$/, '')
      : crypto.randomBytes(18).toString('base64url');
    const created = await service.create(cliActor(io.user), {
      email: values.email,
      password,
      role: values.role as 'admin',
    });
    io.out(`operator ${created.operator.id} ${created.operator.email} (${created.operator.role}) created`);
    if (!values['password-stdin']) io.out(`password (shown once): ${password}`);
    io.out(`TOTP secret (shown once; add it to an authenticator app): ${created.totpSecret}`);
    io.out(created.totpUri);
    io.out(await QRCode.toString(created.totpUri, { type: 'terminal', small: true }));
    return 0;
  }
  if (sub === 'disable' && values.email) {
    const found = await service.byEmail(values.email);
    if (!found) {
      io.err(`no operator ${values.email}`);
      return 1;
    }
    const done = await service.disable(cliActor(io.user), found.id);
    io.out(`operator ${done.id} ${done.email} disabled; their sessions are ended`);
    return 0;
  }
  io.err(
    'usage: npm run ops -- operator create --email <e-mail> --role support|compliance|finance|admin [--password-stdin]\n       npm run ops -- operator disable --email <e-mail>',
  );
  return 2;
}

async function findUser(db: Db, who: string): Promise<UserRow | undefined> {
  if (/^\d{8}$/.test(who)) return userRepo.byUid(db, who);
  if (who.includes('@')) return userRepo.byEmail(db, who.toLowerCase());
  return userRepo.byPhone(db, who.startsWith('+') ? who : `+${who}`);
}

/** Runs one command (`argv`: the words after `npm run ops --`); answers its exit status. */
export async function runOpsCommand(deps: OpsDeps, argv: string[], io: OpsIo): Promise<number> {
  const { ctx } = deps;
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'credit': {
        const { values } = parseArgs({
          args: rest,
          options: {
            user: { type: 'string' },
            asset: { type: 'string' },
            amount: { type: 'string' },
            note: { type: 'string' },
          },
        });
        if (!values.user || !values.asset || !values.amount) {
          io.err('usage: npm run ops -- credit --user <uid|email|phone> --asset USDT --amount 100 [--note "..."]');
          return 2;
        }
        const user = await findUser(ctx.db, values.user);
        if (!user) {
          io.err(`no user ${values.user}`);
          return 1;
        }
        const asset = assetOrThrow(values.asset.toUpperCase());
        const amount = positiveAmount(values.amount, asset);
        const operator = `cli:${io.user}`;
        const done = await creditBackStage(deps.money(), {
          userId: user.id,
          asset,
          amount,
          note: values.note ?? null,
          operator,
        });
        ctx.log.info({ uid: user.uid, asset: asset.symbol, ...done, operator }, 'back-stage deposit credited');
        io.out(
          `credited ${done.amount} ${asset.symbol} to user ${user.uid} (deposit ${done.depositId}, ledger transaction ${done.transactionId})`,
        );
        return 0;
      }
      case 'product': {
        const { values } = parseArgs({
          args: rest,
          options: {
            market: { type: 'string' },
            duration: { type: 'string' },
            'payout-bps': { type: 'string' },
            min: { type: 'string' },
            max: { type: 'string' },
            disable: { type: 'boolean' },
          },
        });
        const market = MARKETS.find((m) => m === values.market?.toUpperCase());
        const duration = Number(values.duration);
        const payoutBps = Number(values['payout-bps']);
        if (
          !market ||
          !Number.isInteger(duration) ||
          duration <= 0 ||
          !Number.isInteger(payoutBps) ||
          !values.min ||
          !values.max
        ) {
          io.err(
            'usage: npm run ops -- product --market CRYPTO --duration 30 --payout-bps 8000 --min 10 --max 5000 [--disable]',
          );
          return 2;
        }
        const usdt = assetOrThrow('USDT');
        const row = {
          market,
          durationSeconds: duration,
          payoutBps,
          minStake: positiveAmount(values.min, usdt),
          maxStake: positiveAmount(values.max, usdt),
          enabled: !values.disable,
        };
        await contractsRepo.upsertProduct(ctx.db, row);
        ctx.log.info(
          { ...row, minStake: values.min, maxStake: values.max, operator: `cli:${io.user}` },
          'contract product set',
        );
        io.out(
          `product ${market} ${duration} s: payout ${payoutBps} bps, stake ${values.min}–${values.max} USDT, ${row.enabled ? 'enabled' : 'disabled'} (open contracts keep their terms)`,
        );
        return 0;
      }
      case 'ledger-verify': {
        const violations = await deps.ledgerVerify();
        if (violations.length === 0) {
          io.out(
            'ledger OK: every transaction balances per asset, every balance equals its postings, no user account is negative',
          );
          return 0;
        }
        io.err(`ledger BROKEN: ${violations.length} violation(s)`);
        for (const v of violations) io.err(`  ${v.rule}: ${v.detail}`);
        return 1;
      }
      case 'operator':
        return await operatorCommand(ctx, rest, io);
      case 'audit-verify': {
        const report = auditVerifyReport(await new AuditLog(ctx).verify());
        for (const line of report.lines) (report.status === 0 ? io.out : io.err)(line);
        return report.status;
      }
      default:
        io.err(OPS_USAGE);
        return 2;
    }
  } catch (err) {
    if (err instanceof AppError) {
      io.err(`refused: ${err.key}`);
      return 1;
    }
    // parseArgs refuses an unknown option with a TypeError whose message is the operator's to read.
    if (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(err.message);
      return 2;
    }
    throw err;
  }
}
