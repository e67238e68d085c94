import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, ERRORS, INSTRUMENTS, parseAmount } from '@app/contract';
import { createTestApp, registerByEmail, uniqueEmail, type TestApp } from '../test/harness';
import { fillPath, operations, type JsonSchema, type Operation } from '../test/openapi';
import { createOperator, operatorLogin, type TestOperator } from '../test/operators';

/**
 * Schema-driven fuzzing of every route in the OpenAPI document: for each route, a plausible
 * request is built from its schema, then one part at a time is made hostile (wrong types, huge and
 * non-finite numbers, NUL and other control characters, over-long strings, prototype keys, invalid
 * JSON, wrong content types, malformed multipart, over-long path parameters, bad headers). Each is
 * sent anonymously and with a live session: a user's, or on a back-office route an admin operator's. Whatever comes in, the answer must be below 500 and be
 * the `{code,msg,data}` envelope with a catalogued code (docs/security.md "Input validation").
 *
 * Bounded and deterministic: a fixed seed picks the variants, at most PROBES_PER_ROUTE per route
 * and session, all through app.inject.
 */

const SEED = 13;
const PROBES_PER_ROUTE = 32;
/** Fuzz traffic comes from its own address, so its failed logins never lock the harness's re-login. */
const FUZZ_IP = '203.0.113.13';
const PASSWORD = 'Fuzz-pass-7';
const CATALOGUE = new Map(Object.values(ERRORS).map((d) => [d.code, d]));

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** JSON text that JSON.stringify cannot write (`1e400` parses to Infinity). */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// -------------------------------------------------------------------------------------------------
// Plausible values, so that a hostile value in one field is checked past the others.

const NAME_HINTS: [RegExp, string][] = [
  [/symbol/i, 'BTCUSDT'],
  [/^toAsset$/, 'BTC'],
  [/asset/i, 'USDT'],
  [/email/i, 'fuzz@example.com'],
  [/^phone$/, '2025550123'],
  [/countryCode/, '1'],
  [/^code$/, '1234'],
  [/amount|price/i, '1'],
  [/quoteId/, 'q1'],
  [/password/i, 'secret123'],
  [/avatar/, '/uploads/avatars/a.png'],
  [/^q$/, 'BTC'],
  // App versions: a version number and an http(s) link, so publish and the download links are probed past their formats.
  [/^versionNo$/, '1.0.1'],
  // The web app's build id (app-version/web-build): lower-case hex, so the API level is probed past it.
  [/^buildId$/, '0123456789abcdef'],
  [/^(url|linkUpdate\w+)$/, 'https://example.com/app'],
];
// A well-formed public id (a financing product, a subscription) and an estimate token's length, so those routes are probed past the id.
const STRINGS = [
  'BTCUSDT',
  'USDT',
  '1',
  '1234',
  'fuzz@example.com',
  '/uploads/avatars/a.png',
  'secret123',
  'abc',
  '00000000-0000-4000-8000-000000000000',
  'T'.repeat(43),
];

function fits(s: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && s.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && s.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(s);
}

function example(schema: JsonSchema, name: string): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return example(alt.find((s) => s.type !== 'null') ?? alt[0] ?? {}, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      // One plausible item, so the fields beside the array are checked past it (an array with minItems).
      return schema.items ? [example(schema.items, name)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = example(s, k);
      return out;
    }
    default: {
      const hinted = NAME_HINTS.find(([re]) => re.test(name))?.[1];
      return [hinted, ...STRINGS].find((s): s is string => s !== undefined && fits(s, schema)) ?? 'abc';
    }
  }
}

// -------------------------------------------------------------------------------------------------
// Hostile values

const C0 = ['\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f'];

/** Hostile JSON values for one body field; the first ones are always sent, the rest sampled. */
function hostileJson(schema: JsonSchema, base: unknown): { always: unknown[]; sampled: unknown[] } {
  const s = typeof base === 'string' && base.length > 0 ? base : 'x';
  const long = 'L'.repeat(Math.max(schema.maxLength ?? 0, 200) + 1);
  return {
    always: [
      new Raw('1e400'),
      new Raw('-1e400'),
      `${s}\u0000`,
      `${s.slice(0, 1)}\u0001${s.slice(1)}`,
      long,
      { nested: base },
    ],
    sampled: [
      new Raw('1e308'),
      new Raw('-1e308'),
      new Raw('18446744073709551616'),
      new Raw('9007199254740993'),
      new Raw('-1'),
      new Raw('0'),
      new Raw('1.5'),
      new Raw('-0'),
      'abc',
      '1e400',
      'NaN',
      '',
      ' ',
      true,
      false,
      null,
      [],
      [base],
      {},
      ...C0.map((c) => `${c}${s}`),
      `${s}\u2028`,
      `${s}\ud800`,
      '\u0000',
      '__proto__',
    ],
  };
}

/** Hostile text for one query or path value (query strings and paths are text by nature). */
function hostileText(schema: JsonSchema, base: string): { always: string[]; sampled: string[] } {
  const edges = [schema.minimum, schema.maximum]
    .filter((n): n is number => n !== undefined)
    .flatMap((n) => [String(n), String(n - 1), String(n + 1)]);
  return {
    always: ['1e400', '-1e400', 'NaN', '1e308', '-1e308', `${base}\u0000`, `${base}\u0001`, 'L'.repeat(1000), ...edges],
    sampled: [
      'Infinity',
      '-Infinity',
      '9007199254740993',
      '18446744073709551616',
      '-1',
      '0',
      '1.5',
      '0x10',
      '1e2',
      '',
      ' ',
      'abc',
      'true',
      `${base}\u007f`,
      `${base}\u001b`,
      '__proto__',
      '../..',
      '%',
      'a'.repeat(101),
    ],
  };
}

// -------------------------------------------------------------------------------------------------
// Requests

interface Probe {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Text the answer must not echo back (an over-long path or field name). */
  mustNotEcho?: string;
}

function queryString(values: [string, string][], raw = ''): string {
  const parts = values.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  if (raw) parts.push(raw);
  return parts.length ? `?${parts.join('&')}` : '';
}

const JSON_TYPE = { 'content-type': 'application/json' };
const BOUNDARY = 'fuzzboundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const part = (name: string, value: string, file = false) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\n${value}\r\n`;

/** Whole-body variants of a POST: invalid JSON, wrong shapes, prototype keys, content types, multipart. */
function bodyProbes(baseJson: string): { label: string; headers: Record<string, string>; payload?: string | Buffer }[] {
  const json = (label: string, payload: string | Buffer) => ({ label, headers: JSON_TYPE, payload });
  return [
    { label: 'no body', headers: {} },
    json('empty JSON', ''),
    json('truncated JSON', '{'),
    json('invalid JSON', '{"a":}'),
    json('BOM', `\ufeff${baseJson}`),
    json('null', 'null'),
    json('array', '[]'),
    json('array of the body', `[${baseJson}]`),
    json('string', '"x"'),
    json('number', '1e400'),
    json('__proto__ key', '{"__proto__":{"polluted":1}}'),
    json('constructor key', '{"constructor":{"prototype":{"polluted":1}}}'),
    json('__proto__ beside the fields', baseJson.replace(/^\{/, '{"__proto__":{"x":1},').replace(',}', '}')),
    json('deep nesting', `${'['.repeat(3000)}${']'.repeat(3000)}`),
    json('invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
    json('NUL in JSON text', '{"a\u0000":1}'),
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: baseJson },
    { label: 'xml', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    { label: 'form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
    { label: 'json utf-16', headers: { 'content-type': 'application/json; charset=utf-16' }, payload: baseJson },
    { label: 'no content type', headers: { 'content-type': '' }, payload: baseJson },
    { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: baseJson },
    { label: 'multipart garbage', headers: MULTIPART, payload: 'not multipart at all' },
    {
      label: 'multipart truncated',
      headers: MULTIPART,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
    },
    { label: 'multipart no closing', headers: MULTIPART, payload: part('kind', 'avatar') },
    {
      label: 'multipart bad header',
      headers: MULTIPART,
      payload: `--${BOUNDARY}\r\nbroken header line\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    {
      label: 'multipart NUL field',
      headers: MULTIPART,
      payload: `${part('kind', 'avatar\u0000')}${part('file', 'x', true)}--${BOUNDARY}--\r\n`,
    },
    {
      label: 'multipart many parts',
      headers: MULTIPART,
      payload: `${Array.from({ length: 20 }, (_, i) => part(`f${i}`, 'x')).join('')}--${BOUNDARY}--\r\n`,
    },
    {
      label: 'multipart two files',
      headers: MULTIPART,
      payload: `${part('file', 'x', true)}${part('file', 'y', true)}--${BOUNDARY}--\r\n`,
    },
  ];
}

/** Every probe of one route, the always-sent ones first, then a seeded sample, at most PROBES_PER_ROUTE. */
function probesOf(op: Operation, rnd: () => number): Probe[] {
  const pathBase: Record<string, string> = Object.fromEntries(
    op.params.map((p) => [p.name, String(example(p.schema, p.name))]),
  );
  const queryBase: [string, string][] = op.query
    .filter((q) => q.required || rnd() < 0.5)
    .map((q) => [q.name, String(example(q.schema, q.name))]);
  const url = (params = pathBase, query = queryBase, raw = '') =>
    `${fillPath(op.path, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])))}${queryString(query, raw)}`;
  const body = op.body ? (example(op.body, 'body') as Record<string, unknown>) : undefined;
  const baseJson = body ? toJson(body) : '{}';
  const base = {
    method: op.method,
    url: url(),
    headers: op.method === 'POST' ? { ...JSON_TYPE } : {},
    ...(op.method === 'POST' ? { payload: baseJson } : {}),
  };
  const always: Probe[] = [];
  const sampled: Probe[] = [];

  for (const p of op.params) {
    const h = hostileText(p.schema, pathBase[p.name] ?? 'x');
    const mk = (v: string): Probe => ({
      ...base,
      label: `path ${p.name}=${JSON.stringify(v.slice(0, 20))}`,
      url: url({ ...pathBase, [p.name]: v }),
    });
    always.push(...h.always.map(mk), {
      ...mk('x'),
      url: url({ ...pathBase, [p.name]: 'P'.repeat(500) }),
      label: `path ${p.name} over-long`,
      mustNotEcho: 'P'.repeat(101),
    });
    always.push({
      ...base,
      label: `path ${p.name} bad encoding`,
      url: fillPath(op.path, { ...pathBase, [p.name]: '%zz%E0%A4%A' }),
    });
    sampled.push(...h.sampled.map(mk));
  }
  for (const q of op.query) {
    const h = hostileText(q.schema, String(example(q.schema, q.name)));
    const others = queryBase.filter(([k]) => k !== q.name);
    const mk = (v: string): Probe => ({
      ...base,
      label: `query ${q.name}=${JSON.stringify(v.slice(0, 20))}`,
      url: url(pathBase, [...others, [q.name, v]]),
    });
    always.push(...h.always.map(mk));
    sampled.push(...h.sampled.map(mk), {
      ...base,
      label: `query ${q.name} twice`,
      url: url(pathBase, [...others, [q.name, '1'], [q.name, '2']]),
    });
    sampled.push({ ...base, label: `query ${q.name}[]`, url: url(pathBase, others, `${q.name}[]=1`) });
  }
  const long = 'K'.repeat(400);
  always.push(
    { ...base, label: 'query __proto__', url: url(pathBase, [...queryBase, ['__proto__', '1']]) },
    { ...base, label: 'query constructor', url: url(pathBase, [...queryBase, ['constructor', 'x']]) },
    { ...base, label: 'query bad encoding', url: url(pathBase, queryBase, '%zz=%E0%A4%A') },
    { ...base, label: 'query over-long name', url: url(pathBase, [...queryBase, [long, '1']]), mustNotEcho: long },
  );
  if (body && op.body) {
    const required = Object.fromEntries(Object.entries(body).filter(([k]) => op.body?.required?.includes(k)));
    for (const [field, schema] of Object.entries(op.body.properties ?? {})) {
      const h = hostileJson(schema, body[field]);
      const mk = (v: unknown, rest = body): Probe => ({
        ...base,
        label: `body ${field}=${toJson(v).slice(0, 24)}`,
        payload: toJson({ ...rest, [field]: v }),
      });
      always.push(...h.always.map((v) => mk(v)), {
        ...base,
        label: `body without ${field}`,
        payload: toJson(Object.fromEntries(Object.entries(body).filter(([k]) => k !== field))),
      });
      // An optional field also goes with the required fields alone, so its value reaches the
      // service without another optional field failing first.
      if (!op.body.required?.includes(field))
        always.push(
          ...h.always
            .slice(0, 4)
            .map((v) => ({ ...mk(v, required), label: `body ${field} alone=${toJson(v).slice(0, 24)}` })),
        );
      sampled.push(...h.sampled.map((v) => mk(v)));
    }
    always.push({
      ...base,
      label: 'body over-long field name',
      payload: toJson({ ...body, [long]: 1 }),
      mustNotEcho: long,
    });
  }
  if (op.method === 'POST')
    always.push(...bodyProbes(baseJson).map((b) => ({ ...base, ...b, label: `body: ${b.label}` })));
  always.push(
    { ...base, label: 'typeUser header', headers: { ...base.headers, typeUser: 'Demo\u0001' } },
    { ...base, label: 'lang header', headers: { ...base.headers, lang: 'x'.repeat(500) } },
    { ...base, label: 'Idempotency-Key header', headers: { ...base.headers, 'idempotency-key': 'k'.repeat(300) } },
  );
  return [...always, ...shuffled(sampled, rnd)].slice(0, Math.max(PROBES_PER_ROUTE, always.length));
}

// -------------------------------------------------------------------------------------------------

/** What is wrong with an answer, or null: below 500, the envelope, a catalogued code with its status. */
function problemWith(op: Operation, probe: Probe, status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `status ${status}: ${text.slice(0, 200)}`;
  if (!/^application\/json/.test(contentType)) return `content type ${contentType}: ${text.slice(0, 100)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 100)}`;
  }
  if (!op.envelope && status === 200) return null;
  const { code, msg, data } = (body ?? {}) as { code?: unknown; msg?: unknown; data?: unknown };
  if (!Number.isInteger(code) || typeof msg !== 'string' || data === undefined)
    return `not the envelope: ${text.slice(0, 200)}`;
  if (probe.mustNotEcho && text.includes(probe.mustNotEcho.slice(0, 50)))
    return `echoes the input: ${text.slice(0, 200)}`;
  if (code === 0) return status === 200 ? null : `code 0 with status ${status}`;
  const def = CATALOGUE.get(code as number);
  if (!def) return `code ${String(code)} is not in the catalogue`;
  if (def.http !== status) return `code ${String(code)} with status ${status} (catalogue: ${def.http})`;
  return data === null ? null : 'an error with data';
}

let t: TestApp;
let token = '';
let email = '';
let operator: TestOperator;
let operatorToken = '';
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', OTP_DAILY_PER_IP: '1000000', SCRYPT_COST: '1024' },
  });
  // A price for every instrument, so trades and valuations get past "no price" to the real checks.
  for (const inst of INSTRUMENTS) {
    t.app.market.engine.tick({
      symbol: inst.symbol,
      time: t.clock.now().getTime(),
      price: Number(parseAmount('1', inst.priceDecimals)),
      amount: 1,
    });
  }
  email = uniqueEmail('fuzz');
  token = (await registerByEmail(t, email, PASSWORD)).token;
  // An admin passes every back-office route's role check, so its probes reach the validation and the service.
  operator = await createOperator(t, 'admin');
  operatorToken = await operatorLogin(t, operator);
});
afterAll(() => t.close());

/** Logs in again if a probe ended the session (logout, a password change). */
async function liveToken(): Promise<string> {
  if ((await t.post('/asset/api/user/info', undefined, { token })).code === 0) return token;
  const res = await t.post<{ token: string }>('/asset/api/user/login', { type: 'email', email, password: PASSWORD });
  if (res.code !== 0) throw new Error(`re-login failed: ${res.code} ${res.msg}`);
  token = res.data.token;
  return token;
}

/** Signs the operator in again if a probe ended the session (logout). */
async function liveOperatorToken(): Promise<string> {
  if ((await t.call('GET', '/admin/api/auth/me', undefined, { token: operatorToken })).code === 0) return operatorToken;
  operatorToken = await operatorLogin(t, operator);
  return operatorToken;
}

/** Inputs without a bound, as `path: why` (Convention 8: put a limit on everything). */
function unbounded(schema: JsonSchema, at: string): string[] {
  if (schema.enum || schema.const !== undefined) return [];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return alt.flatMap((s, i) => unbounded(s, `${at}|${i}`));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    return Number.isFinite(schema.minimum) && Number.isFinite(schema.maximum)
      ? []
      : [`${at}: a number without minimum and maximum`];
  }
  if (type === 'string') return schema.maxLength === undefined ? [`${at}: a string without maxLength`] : [];
  if (type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([k, s]) => unbounded(s, `${at}.${k}`));
  if (type === 'array') return schema.items ? unbounded(schema.items, `${at}[]`) : [`${at}: an array without items`];
  return [];
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('bounds every number and string a route accepts', () => {
    const found = operations(t.app).flatMap((op) => [
      ...[...op.query, ...op.params].flatMap((p) => unbounded(p.schema, `${op.method} ${op.path} ${p.name}`)),
      ...(op.body ? unbounded(op.body, `${op.method} ${op.path} body`) : []),
    ]);
    expect(found).toEqual([]);
  });

  it('answers hostile input with a catalogued 4xx envelope, never a 5xx', { timeout: 240_000 }, async () => {
    const rnd = random(SEED);
    // Logout last, so one session serves the rest.
    const ops = operations(t.app).sort(
      (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
    );
    expect(ops.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let sent = 0;
    /** Back-office probes with the operator's session that got past the session and role check. */
    let adminReached = 0;
    for (const op of ops) {
      const probes = probesOf(op, rnd);
      for (const session of [false, true]) {
        // The notice stream never ends once it starts: with a session its hostile input is probed over
        // HTTP in modules/notifications/notifications.test.ts (anonymous probes here answer 301).
        if (session && op.path === API.sse.userEvents) continue;
        const sessionHeaders: Record<string, string> = !session
          ? {}
          : op.roles !== null
            ? { token: await liveOperatorToken() }
            : { token: await liveToken(), typeUser: 'demo' };
        // Without a session a session route answers 301 before it reads anything (session.test.ts
        // checks that on every such route), and with one a public route does what it did without:
        // a quarter of those probes is enough.
        const redundant = session
          ? op.session === 'none' && op.roles === null
          : op.session === 'required' || op.roles !== null;
        const chosen = redundant ? probes.filter((_p, i) => i % 4 === 0) : probes;
        for (const probe of chosen) {
          const res = await t.app.inject({
            method: probe.method,
            url: probe.url,
            remoteAddress: FUZZ_IP,
            headers: { ...sessionHeaders, ...probe.headers },
            ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          });
          sent++;
          if (session && op.roles !== null && res.statusCode !== 401 && res.statusCode !== 403) adminReached++;
          const problem = problemWith(op, probe, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
          if (problem)
            problems.push(`${op.method} ${op.path} [${session ? 'session' : 'anonymous'}] ${probe.label}: ${problem}`);
        }
      }
    }
    // About 120 probes per route; raised with the financing and loan routes (issue 19), and with
    // issue 20's notification, news, chat, help, legal and app-version routes.
    expect(sent).toBeLessThan(11_500);
    expect(adminReached).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});

describe('the internal errors of issue 13, one by one', () => {
  const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
  const invalid = (field: string) => ({
    status: 400,
    code: code('INVALID_PARAMETER'),
    msg: `Invalid parameter: ${field}`,
    data: null,
  });

  it('refuses non-finite numbers in query strings, with or without a session', async () => {
    const live = await liveToken();
    expect(await t.call('GET', '/api/market/kline?symbol=BTCUSDT&interval=1m&limit=1e400')).toEqual(invalid('limit'));
    expect(await t.call('GET', '/api/market/kline?symbol=BTCUSDT&interval=1m&from=-1e400')).toEqual(invalid('from'));
    expect(await t.call('GET', '/api/market/trades?symbol=BTCUSDT&limit=1e400')).toEqual(invalid('limit'));
    expect(await t.call('GET', '/api/market/trades?symbol=BTC%00USDT')).toMatchObject({
      status: 400,
      code: code('SYMBOL_UNKNOWN'),
    });
    expect(await t.call('GET', '/asset/api/account/getTransferLog?page=1e400', undefined, { token: live })).toEqual(
      invalid('page'),
    );
    expect(await t.call('GET', '/transaction/api/spot/history?size=-Infinity', undefined, { token: live })).toEqual(
      invalid('size'),
    );
    expect(
      await t.call('GET', '/transaction/api/contract/getContractList?page=1e400', undefined, { token: live }),
    ).toEqual(invalid('page'));
    // Detail ids are opaque strings now: a number there is simply no order of the caller's.
    expect(await t.call('GET', '/transaction/api/contract/detail?id=1e400', undefined, { token: live })).toMatchObject({
      status: 404,
      code: code('ORDER_NOT_FOUND'),
    });
  });

  it('refuses NUL and other control characters in strings and names', async () => {
    const live = await liveToken();
    const register = {
      type: 'email',
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: '1234',
      invitationCode: 'ABC\u0000',
    };
    expect(await t.post('/asset/api/user/register', register)).toEqual(invalid('invitationCode'));
    expect(await t.post('/asset/api/user/update', { nickname: 'name\u0000' }, { token: live })).toEqual(
      invalid('nickname'),
    );
    expect(await t.post('/asset/api/user/update', { nickname: 'tab\there' }, { token: live })).toEqual(
      invalid('nickname'),
    );
    expect(
      await t.post('/asset/api/user/login', { type: 'email', email: 'a\u0000@example.com', password: 'x' }),
    ).toEqual(invalid('email'));
    // A made-up field name is not repeated when it is not a short plain name.
    expect(await t.post('/asset/api/user/update', { 'x\u0001y': 1 }, { token: live })).toEqual(invalid('body'));
  });

  it("refuses hostile values inside the dashboard layout's panels, as the top-level fuzzing does not reach them", async () => {
    const live = await liveToken();
    const panel = { id: 'markets', column: 0, hidden: false };
    const send = (panels: string) =>
      t.app.inject({
        method: 'POST',
        url: '/asset/api/user/dashboard-layout',
        remoteAddress: FUZZ_IP,
        headers: { token: live, 'content-type': 'application/json' },
        payload: `{"version":1,"panels":${panels}}`,
      });
    const hostile = [
      `[{"id":"markets\\u0000","column":0,"hidden":false}]`,
      `[{"id":"markets","column":1e400,"hidden":false}]`,
      `[{"id":"markets","column":9007199254740993,"hidden":false}]`,
      `[{"id":"__proto__","column":0,"hidden":false}]`,
      `[${toJson({ ...panel, nested: { deep: [panel] } })}]`,
      `[${Array.from({ length: 8 }, () => toJson(panel)).join(',')}]`,
      `[[]]`,
      `"markets"`,
      `{"0":${toJson(panel)}}`,
    ];
    for (const panels of hostile) {
      const res = await send(panels);
      expect(res.statusCode, panels).toBe(400);
      expect(res.json(), panels).toMatchObject({ code: code('INVALID_PARAMETER'), data: null });
    }
    // A prototype key is refused by the JSON parser; a well-formed list with a panel missing has its own code.
    expect((await send(`[{"id":"markets","column":0,"hidden":false,"__proto__":{"x":1}}]`)).json()).toMatchObject({
      code: code('MALFORMED_JSON'),
      data: null,
    });
    expect((await send(`[${toJson(panel)}]`)).json()).toMatchObject({
      code: code('DASHBOARD_LAYOUT_INVALID'),
      data: null,
    });
  });

  it("refuses hostile values inside the VIP tiers and a shortcut's labels, as the top-level fuzzing does not reach them", async () => {
    const tier = {
      level: 1,
      minVolumeUsdt: '100',
      minBalanceUsdt: '100',
      withdrawFeeDiscountBps: 0,
      otcSpreadDiscountBps: 0,
      withdrawLimitBps: 10000,
    };
    const send = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: FUZZ_IP,
        headers: { token: operatorToken, 'content-type': 'application/json' },
        payload,
      });
    await liveOperatorToken();
    const hostileTiers = [
      toJson({ ...tier, level: new Raw('1e400') }),
      toJson({ ...tier, withdrawFeeDiscountBps: 10001 }),
      toJson({ ...tier, withdrawLimitBps: 9999 }),
      toJson({ ...tier, minVolumeUsdt: '1\u0000' }),
      toJson({ ...tier, minBalanceUsdt: '9'.repeat(50) }),
      toJson({ ...tier, extra: 1 }),
      Array.from({ length: 11 }, (_, i) => toJson({ ...tier, level: i + 1 })).join(','),
    ];
    for (const tiers of hostileTiers) {
      const res = await send(ADMIN_API.vip.save, `{"tiers":[${tiers}]}`);
      expect(res.statusCode, tiers).toBe(400);
      expect(res.json().code, tiers).not.toBe(0);
    }
    const shortcut = { key: 'vip', visible: true, position: 1, target: '/pages/home/vip' };
    const hostileLabels = [
      `{"en":"VIP\\u0000"}`,
      `{"en":"${'x'.repeat(25)}"}`,
      `{"en":" padded "}`,
      `{"xx":"label"}`,
      `{"en":["VIP"]}`,
      `{"de":{"nested":"x"}}`,
    ];
    for (const labels of hostileLabels) {
      const res = await send(ADMIN_API.shortcuts.save, `{${toJson(shortcut).slice(1, -1)},"labels":${labels}}`);
      expect(res.statusCode, labels).toBe(400);
      expect(res.json(), labels).toMatchObject({ code: code('INVALID_PARAMETER'), data: null });
    }
    for (const target of ['https://evil.example/x', '//evil.example', '/pages/../admin', 'javascript:alert(1)']) {
      const res = await send(ADMIN_API.shortcuts.save, toJson({ ...shortcut, labels: {}, target }));
      expect(res.json(), target).toMatchObject({ code: code('SHORTCUT_TARGET_INVALID'), data: null });
    }
  });

  it('answers a malformed multipart body with MULTIPART_INVALID', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/asset/api/common/upload',
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
      headers: { ...MULTIPART, token: await liveToken() },
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { code: code('MULTIPART_INVALID'), msg: 'The upload form could not be read', data: null },
    ]);
  });

  it('answers an over-long or badly encoded path with URL_INVALID in the envelope, without repeating the path', async () => {
    for (const name of ['P'.repeat(500), '%zz']) {
      const res = await t.app.inject({ method: 'GET', url: `/asset/api/common/file/${name}`, headers: { lang: 'de' } });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { code: code('URL_INVALID'), msg: 'Ungültige Anfrageadresse', data: null },
      ]);
      expect(res.body).not.toContain(name);
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });
});
