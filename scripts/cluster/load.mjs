/**
 * The mixed load of the cluster test and bench: users registered through HAProxy, money writes
 * with an Idempotency-Key each (retried with the same key when the answer is lost: a node died,
 * HAProxy answered 502/503), websocket clients on the openOrders feed and SSE clients on the
 * notice stream, connected to the nodes DIRECTLY and moving to another node when theirs dies.
 * Everything sent and received is recorded for the checks (checks.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { sleep } from './harness.mjs';

const PASSWORD = 'Cluster-pass-1';
const FUND_PASSWORDS = ['Fund-pass-1', 'Fund-pass-2'];

/** One HTTP call; throws on a network error (the caller decides whether to retry). */
export async function call(base, method, apiPath, { body, token, key, typeUser = 'demo', timeoutMs = 15_000 } = {}) {
  const headers = { lang: 'en', typeUser };
  if (token) headers.token = token;
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${apiPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { code: -1, msg: text.slice(0, 200) };
  }
  return { status: res.status, json };
}

/** Answers that say nothing about whether the request was done: ask again with the same key. */
const retriable = (r) => r.status >= 500 || r.status === 429 || r.json.code === -1;

/**
 * A POST through the load balancer, retried (same Idempotency-Key) while the answer is lost, up to
 * `deadlineMs`. Answers { final: true, json } (the server answered: done or refused) or
 * { final: false, error } (no answer: the operation may or may not have happened).
 */
export async function robustPost(base, apiPath, opts, deadlineMs = 30_000) {
  const end = Date.now() + deadlineMs;
  let last = 'no attempt';
  let attempts = 0;
  while (Date.now() < end) {
    attempts++;
    try {
      const r = await call(base, 'POST', apiPath, opts);
      if (!retriable(r)) return { final: true, json: r.json, attempts };
      last = `HTTP ${r.status} ${JSON.stringify(r.json).slice(0, 120)}`;
    } catch (err) {
      last = err.cause?.code ?? err.name ?? String(err);
    }
    await sleep(300 + Math.random() * 400);
  }
  return { final: false, error: last, attempts };
}

/** The newest 4-digit code the server wrote to `to` (its outbox: `<DATA_DIR>/outbox/*-<channel>-<to>.txt`). */
async function readCode(dataDir, to, after) {
  const outbox = path.join(dataDir, 'outbox');
  const safe = to.replace(/[^A-Za-z0-9@.+_-]/g, '_');
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(safe)) : [];
    for (const f of files.sort().reverse()) {
      const p = path.join(outbox, f);
      if (fs.statSync(p).mtimeMs < after) continue;
      const text = fs.readFileSync(p, 'utf8');
      const m = /(?<![0-9])([0-9]{4})(?![0-9])/.exec(text.split('\n\n').slice(1).join('\n'));
      if (m) return m[1];
    }
    await sleep(100);
  }
  throw new Error(`no code for ${to} in ${outbox}`);
}

/** Registers a user through `base` (HAProxy); answers { email, token, id }. */
export async function register(base, dataDir, tag) {
  const email = `${tag}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  let last = '';
  const after = Date.now() - 1000;
  for (let attempt = 0; attempt < 5; attempt++) {
    const sent = await robustPost(base, '/asset/api/user/sendOtp', { body: { email, purpose: 'register' } });
    // Refused when a lost answer's code was sent already (one a minute): that code is in the outbox.
    if (!sent.final || sent.json.code !== 0) last = `sendOtp: ${JSON.stringify(sent.json ?? sent.error)}`;
    const code = await readCode(dataDir, email, after).catch(() => undefined);
    if (!code) {
      await sleep(1000);
      continue;
    }
    const reg = await robustPost(base, '/asset/api/user/register', {
      body: { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD, code },
    });
    if (reg.final && reg.json.code === 0) return { email, token: reg.json.data.token };
    last = `register: ${JSON.stringify(reg.json ?? reg.error)}`;
    // A code is sent once a minute per address: the next try waits the window out.
    await sleep(61_000);
  }
  throw new Error(`could not register ${email}: ${last}`);
}

/** Money operations: what each sends, and the ledger reference and kinds its success must have written exactly once. */
export const OPS = {
  transfer: {
    path: '/asset/api/account/transferAsset',
    body: (i) =>
      i % 2 === 0
        ? { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '1.5' }
        : { fromAccount: 'option', toAccount: 'currency', asset: 'USDT', amount: '0.5' },
    reference: (data) => `transfer:${data.id}`,
    kinds: ['transfer'],
  },
  contract: {
    path: '/transaction/api/contract/create',
    body: (i, duration) => ({
      symbol: i % 3 === 0 ? 'ETHUSDT' : 'BTCUSDT',
      direction: i % 2 === 0 ? 'up' : 'down',
      duration,
      amount: '10',
    }),
    reference: (data) => `contract:${data.id}`,
    kinds: ['contract_open'],
  },
  spot: {
    path: '/transaction/api/spot/order',
    body: (i) => ({
      symbol: 'BTCUSDT',
      side: i % 2 === 0 ? 'buy' : 'sell',
      type: 'market',
      amount: i % 2 === 0 ? '0.0002' : '0.0001',
    }),
    reference: (data) => `spot_order:${data.id}`,
    kinds: ['spot_buy', 'spot_sell'],
  },
  otc: {
    path: '/asset/api/asset/currencyBuy',
    // The body is made at send time (the quote comes first).
    body: () => undefined,
    reference: (data, body) => `otc_quote:${body.quoteId}`,
    kinds: ['otc_buy'],
  },
};

/**
 * Runs one money operation through `base` and records it in `ops`:
 * { kind, user, key, body, outcome: 'acked' | 'refused' | 'unknown', data, code, sentAt, ackAt }.
 */
export async function moneyOp(base, user, kind, i, ops, extra = {}) {
  const spec = OPS[kind];
  let body = spec.body(i, extra.duration);
  if (kind === 'otc') {
    const q = await call(base, 'GET', '/asset/api/asset/exchangeInfo', { token: user.token }).catch(() => undefined);
    if (!q || q.json.code !== 0) return undefined;
    body = { quoteId: q.json.data.quoteId, asset: 'BTC', amount: '20' };
  }
  const key = `cl-${kind}-${user.n}-${i}-${Math.random().toString(36).slice(2, 8)}`;
  const op = { kind, user: user.email, userN: user.n, key, body, outcome: 'unknown', sentAt: Date.now() };
  ops.push(op);
  const r = await robustPost(base, spec.path, { body, token: user.token, key });
  op.ackAt = Date.now();
  op.attempts = r.attempts;
  if (!r.final) {
    op.error = r.error;
    return op;
  }
  op.code = r.json.code;
  if (r.json.code === 0) {
    op.outcome = 'acked';
    op.data = r.json.data;
  } else {
    op.outcome = 'refused';
    op.msg = r.json.msg;
  }
  return op;
}

/**
 * A websocket client of one user on the openOrders feed, on node `startAt` directly; when its
 * socket closes it moves to the next live node and resumes from the last event id it saw
 * (`lastEventId` in the subscription, once the server's feed carries ids). Records every
 * 'orders' message: { id, data, at }.
 */
export class WsClient {
  constructor(cluster, user, startAt) {
    this.cluster = cluster;
    this.user = user;
    this.nodeIndex = startAt;
    this.events = [];
    this.reconnects = 0;
    this.lastId = undefined;
    this.closed = false;
    this.subscribedOnce = undefined;
    this.firstSubscribed = new Promise((r) => {
      this.subscribedOnce = r;
    });
    this.errors = [];
  }

  start() {
    void this.loop();
    return this.firstSubscribed;
  }

  async loop() {
    while (!this.closed) {
      const nodes = this.cluster.nodes;
      const n = nodes[this.nodeIndex % nodes.length];
      if (!this.cluster.alive(n)) {
        this.nodeIndex++;
        await sleep(200);
        continue;
      }
      await this.session(n).catch((e) => this.errors.push(String(e)));
      if (this.closed) break;
      this.reconnects++;
      this.nodeIndex++;
      await sleep(200 + Math.random() * 300);
    }
  }

  session(n) {
    return new Promise((resolve) => {
      let sentResume = false;
      const ws = new WebSocket(
        `ws://127.0.0.1:${n.port}/ws?id=cl-${this.user.n}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        { perMessageDeflate: false },
      );
      this.ws = ws;
      const ping = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ methodType: 'PING' }));
      }, 5000);
      const done = () => {
        clearInterval(ping);
        resolve();
      };
      ws.on('open', () => {
        const sub = { methodType: 'SUBSCRIBE', channel: 'openOrders', token: this.user.token, requestId: 'oo' };
        // After a reconnect: resume after the last order event seen (0: every event the bus holds).
        if (this.reconnects > 0 || this.lastId !== undefined) sub.lastEventId = Number(this.lastId ?? 0);
        sentResume = sub.lastEventId !== undefined;
        ws.send(JSON.stringify(sub));
      });
      ws.on('message', (buf) => {
        const at = Date.now();
        let m;
        try {
          m = JSON.parse(buf.toString());
        } catch {
          return;
        }
        const list = m.eventType === 'batch' ? m.data : [m];
        for (const x of list) {
          if (x.eventType === 'subscribed' && x.channel === 'openOrders') this.subscribedOnce();
          else if (x.eventType === 'error' && x.requestId === 'oo' && sentResume && !this.resumeRefused) {
            // A server without resume refuses the field: note it and subscribe without it.
            this.resumeRefused = x.msg ?? true;
            ws.send(
              JSON.stringify({
                methodType: 'SUBSCRIBE',
                channel: 'openOrders',
                token: this.user.token,
                requestId: 'oo2',
              }),
            );
          } else if (x.eventType === 'orders' && x.data?.type === 'resync') {
            this.resyncs = (this.resyncs ?? 0) + 1;
          } else if (x.eventType === 'orders') {
            const id = x.id ?? x.eventId ?? x.seq;
            if (id !== undefined) this.lastId = id;
            this.events.push({ id, data: x.data, at, node: n.name });
            this.onEvent?.(x.data, at);
          }
        }
      });
      ws.on('close', done);
      ws.on('error', () => undefined);
    });
  }

  stop() {
    this.closed = true;
    this.ws?.terminate();
  }
}

/**
 * An SSE client of one user on the notice stream (GET /api/market/sse/user-sse-events), on node
 * `startAt` directly; when its stream ends it moves to the next live node with Last-Event-ID.
 * Records every event that has an id: { id, event, at }.
 */
export class SseClient {
  constructor(cluster, user, startAt) {
    this.cluster = cluster;
    this.user = user;
    this.nodeIndex = startAt;
    this.events = [];
    this.reconnects = 0;
    this.lastId = undefined;
    this.closed = false;
    this.firstOpen = new Promise((r) => {
      this.opened = r;
    });
  }

  start() {
    void this.loop();
    return this.firstOpen;
  }

  async loop() {
    while (!this.closed) {
      const nodes = this.cluster.nodes;
      const n = nodes[this.nodeIndex % nodes.length];
      if (!this.cluster.alive(n)) {
        this.nodeIndex++;
        await sleep(200);
        continue;
      }
      await this.session(n).catch(() => undefined);
      if (this.closed) break;
      this.reconnects++;
      this.nodeIndex++;
      await sleep(200 + Math.random() * 300);
    }
  }

  async session(n) {
    this.ctrl = new AbortController();
    const headers = { token: this.user.token, accept: 'text/event-stream', lang: 'en' };
    if (this.lastId !== undefined) headers['last-event-id'] = String(this.lastId);
    const res = await fetch(`http://127.0.0.1:${n.port}/api/market/sse/user-sse-events`, {
      headers,
      signal: this.ctrl.signal,
    });
    if (res.status !== 200 || !res.body) {
      await res.text().catch(() => undefined);
      await sleep(500);
      return;
    }
    this.opened();
    const decoder = new TextDecoder();
    let buf = '';
    // A stream silent for 30 s is dead (its node froze): move on.
    let lastData = Date.now();
    const watchdog = setInterval(() => {
      if (Date.now() - lastData > 30_000) this.ctrl.abort();
    }, 5000);
    try {
      for await (const chunk of res.body) {
        lastData = Date.now();
        buf += decoder.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) !== -1) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let id;
          let event = 'message';
          for (const line of frame.split('\n')) {
            if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) event = line.slice(6).trim();
          }
          if (id !== undefined && id !== '') {
            this.lastId = id;
            this.events.push({ id, event, at: Date.now(), node: n.name });
          }
        }
      }
    } finally {
      clearInterval(watchdog);
    }
  }

  stop() {
    this.closed = true;
    this.ctrl?.abort();
  }
}

/** A change of the user's fund password (each writes a notice the SSE client must receive). */
export async function fundPasswordChange(base, user) {
  user.fundIdx ??= -1;
  const next = FUND_PASSWORDS[(user.fundIdx + 1) % 2];
  const r =
    user.fundIdx < 0
      ? await robustPost(
          base,
          '/asset/api/user/set-fund-password',
          { body: { fundPassword: next, confirmFundPassword: next }, token: user.token },
          15_000,
        )
      : await robustPost(
          base,
          '/asset/api/user/change-fund-password',
          {
            body: { oldFundPassword: FUND_PASSWORDS[user.fundIdx], fundPassword: next, confirmFundPassword: next },
            token: user.token,
          },
          15_000,
        );
  // A change done whose answer was lost leaves the other password current: refused next time, flip.
  if (r.final && (r.json.code === 0 || user.fundIdx >= 0)) user.fundIdx = (user.fundIdx + 1) % 2;
  return r;
}

export function quantile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
