/**
 * The cluster test's money on a local chain (anvil, `chain:dev`): a deposit sent during the kills
 * and credited by the engine role's chain watcher, then a withdrawal of part of it, approved by a
 * finance operator (a first withdrawal is always reviewed) and sent by the engine role's signer.
 * Checked: the deposit credited once; the withdrawal's escrow and payout in the ledger once each,
 * and exactly its amount less the fee arrived on chain (one send, whatever engine died meanwhile).
 */
import crypto from 'node:crypto';
import { sendUsdt } from '../../apps/web/e2e/harness/chain.ts';
import { createOperatorWithCli, freshTotp } from '../../apps/web/e2e/harness/operators.ts';
import { sleep } from './harness.mjs';
import { call, register, robustPost } from './load.mjs';

/** An anvil dev key the chain:dev script funds (the withdraw journey's hot wallet). */
export const HOT_KEY_EVM = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
export const CHAIN_ENV = (chain) => ({
  ETHEREUM_RPC_URL: chain.rpcUrl,
  ETHEREUM_CHAIN_ID: '31337',
  ETHEREUM_START_BLOCK: '0',
  CHAIN_POLL_MS: '200',
  DEPOSIT_USDT_ETHEREUM_CONTRACT: chain.token,
  DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: '3',
  WITHDRAW_HOT_KEY_EVM: HOT_KEY_EVM,
  WITHDRAW_SIGNER_POLL_MS: '200',
  WITHDRAW_ADDRESS_HOLD_HOURS: '0',
  WITHDRAW_SECURITY_LOCK_HOURS: '0',
});

const DEPOSIT = '30';
const WITHDRAW = '20';
const FUND_PASSWORD = 'Chain-fund-1';
const USDT_UNITS = 1_000_000n;

async function until(what, deadline, check) {
  while (Date.now() < deadline) {
    const v = await check().catch(() => undefined);
    if (v) return v;
    await sleep(500);
  }
  throw new Error(`timed out: ${what}`);
}

/** Before the load: the user and the finance operator (the ops CLI on the run's database). */
export async function prepareChainMoney(cluster) {
  const user = await register(cluster.url, cluster.dataDir, 'chain');
  const operator = await createOperatorWithCli(
    {
      ...process.env,
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: cluster.dataDir,
      APP_SECRET: cluster.secret,
      LOG_LEVEL: 'warn',
    },
    { email: `finance-${cluster.run}@example.com`, password: 'Cluster-finance-pass-1', role: 'finance' },
  );
  const to = `0x${crypto.randomBytes(20).toString('hex')}`;
  return { user, operator, to, steps: [], sentAt: 0 };
}

/** During the load (from `startAfterMs`): the deposit, then the withdrawal; every step logged in `s.steps`. */
export async function runChainMoney(cluster, chain, s, { startAfterMs, deadline, log }) {
  await sleep(startAfterMs);
  const step = (m) => {
    s.steps.push(m);
    log(`chain: ${m}`);
  };
  try {
    const addr = await until('a deposit address', deadline, async () => {
      const r = await call(cluster.url, 'GET', '/asset/api/currency/get-deposit-address?symbol=USDT&chain=ethereum', {
        token: s.user.token,
        typeUser: 'real',
      });
      return r.json.code === 0 ? r.json.data.address : undefined;
    });
    await sendUsdt(chain, addr, DEPOSIT);
    s.sentAt = Date.now();
    step(`${DEPOSIT} USDT sent to ${addr}`);
    await until('the deposit credited', deadline, async () => {
      const { rows } = await cluster.db.query(
        `SELECT 1 FROM deposits d JOIN users u ON u.id = d.user_id WHERE u.email = $1 AND d.status = 'success'`,
        [s.user.email],
      );
      return rows.length > 0;
    });
    step(`deposit credited after ${((Date.now() - s.sentAt) / 1000).toFixed(1)} s`);
    const fp = await robustPost(cluster.url, '/asset/api/user/set-fund-password', {
      body: { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
      token: s.user.token,
      typeUser: 'real',
    });
    if (!fp.final || fp.json.code !== 0) throw new Error(`set-fund-password: ${JSON.stringify(fp.json ?? fp.error)}`);
    const saved = await robustPost(cluster.url, '/asset/api/currencyAddress/insert', {
      body: {
        currency: 'USDT',
        chainType: 'ethereum',
        address: s.to,
        nickname: 'Cluster',
        fundPassword: FUND_PASSWORD,
      },
      token: s.user.token,
      typeUser: 'real',
    });
    if (!saved.final || saved.json.code !== 0)
      throw new Error(`address insert: ${JSON.stringify(saved.json ?? saved.error)}`);
    const quote = await robustPost(cluster.url, '/asset/api/userwithdraw/create', {
      body: { currency: 'USDT', chainType: 'ethereum', addressId: saved.json.data.id, amount: WITHDRAW },
      token: s.user.token,
      typeUser: 'real',
    });
    if (!quote.final || quote.json.code !== 0)
      throw new Error(`withdraw create: ${JSON.stringify(quote.json ?? quote.error)}`);
    s.quoteId = quote.json.data.quoteId;
    const confirmed = await robustPost(cluster.url, '/asset/api/userwithdraw/confirm', {
      body: { quoteId: s.quoteId, fundPassword: FUND_PASSWORD },
      token: s.user.token,
      typeUser: 'real',
      key: `cl-withdraw-${s.quoteId}`,
    });
    if (!confirmed.final || confirmed.json.code !== 0)
      throw new Error(`withdraw confirm: ${JSON.stringify(confirmed.json ?? confirmed.error)}`);
    s.withdrawal = confirmed.json.data;
    step(`withdrawal ${s.withdrawal.number} of ${WITHDRAW} USDT: ${s.withdrawal.state}`);
    const {
      rows: [w],
    } = await cluster.db.query('SELECT id, state FROM withdrawals WHERE public_id = $1', [s.withdrawal.id]);
    if (w.state === 'processing') {
      const { code } = await freshTotp(s.operator.secret);
      const login = await robustPost(cluster.url, '/admin/api/auth/login', {
        body: { email: s.operator.email, password: s.operator.password, totp: code },
      });
      if (!login.final || login.json.code !== 0)
        throw new Error(`operator login: ${JSON.stringify(login.json ?? login.error)}`);
      const decided = await robustPost(cluster.url, '/admin/api/withdrawals/decide', {
        body: { id: Number(w.id), approve: true },
        token: login.json.data.token,
      });
      if (!decided.final || decided.json.code !== 0) {
        // A retry after a lost answer finds it decided already: the state says whether it was approved.
        const {
          rows: [now],
        } = await cluster.db.query('SELECT state FROM withdrawals WHERE id = $1', [w.id]);
        if (now.state === 'processing' || now.state === 'rejected')
          throw new Error(`decide: ${JSON.stringify(decided.json ?? decided.error)} (state ${now.state})`);
      }
      step('withdrawal approved by the finance operator');
    }
    await until('the withdrawal completed', deadline, async () => {
      const { rows } = await cluster.db.query('SELECT state FROM withdrawals WHERE public_id = $1', [s.withdrawal.id]);
      return rows[0]?.state === 'completed';
    });
    step('withdrawal completed on chain');
  } catch (err) {
    s.error = err.message;
    log(`chain: ${err.message}`);
  }
}

/** The checks: the deposit credited once; the withdrawal's escrow and payout once each; the amount less the fee on chain, once. */
export async function checkChainMoney(cluster, chain, s, results) {
  const { rows: deps } = await cluster.db.query(
    `SELECT d.id, d.status, (SELECT count(*)::int FROM ledger_transactions lt WHERE lt.kind = 'deposit' AND lt.reference = 'deposit:' || d.id) AS txs
     FROM deposits d JOIN users u ON u.id = d.user_id WHERE u.email = $1 AND d.channel = 'terminal'`,
    [s.user.email],
  );
  results.push({
    name: 'the deposit on the local chain was credited exactly once',
    ok: Boolean(s.sentAt) && deps.length === 1 && deps[0].status === 'success' && deps[0].txs === 1,
    figure: s.sentAt
      ? `${deps.length} deposit record(s): ${deps.map((d) => `${d.status}, ${d.txs} ledger transaction(s)`).join('; ') || 'none'}`
      : `not sent${s.error ? ` (${s.error})` : ''}`,
  });
  let figure = `not made${s.error ? ` (${s.error})` : ''}`;
  let ok = false;
  if (s.withdrawal) {
    const {
      rows: [w],
    } = await cluster.db.query(
      `SELECT w.state, w.amount::text AS amount, w.fee::text AS fee,
              (SELECT count(*)::int FROM ledger_transactions lt WHERE lt.kind = 'withdraw' AND lt.reference = 'withdrawal:' || w.public_id) AS paid,
              (SELECT count(*)::int FROM ledger_transactions lt WHERE lt.kind = 'withdraw_escrow' AND lt.reference = 'withdraw_quote:' || w.quote_id) AS escrow
       FROM withdrawals w WHERE w.public_id = $1`,
      [s.withdrawal.id],
    );
    const onChain = await chain.usdtOf(s.to);
    const expected = BigInt(w.amount) - BigInt(w.fee);
    ok = w.state === 'completed' && w.paid === 1 && w.escrow === 1 && onChain === expected;
    figure = `${w.state}; escrow ${w.escrow}, payout ${w.paid} ledger transaction(s); on chain ${Number(onChain) / Number(USDT_UNITS)} USDT, expected ${Number(expected) / Number(USDT_UNITS)} (amount less fee)`;
  }
  results.push({ name: 'the withdrawal was paid out exactly once, on the ledger and on chain', ok, figure });
}
