import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_DATE_DESCRIPTION, EPOCH_MS_DESCRIPTION, EPOCH_MS_MAX } from '@app/contract';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * One time format across the API (docs/decisions/0009-one-time-format-utc-epoch-milliseconds.md):
 * every time field in the OpenAPI document generated from the route schemas is the shared EpochMs
 * definition.
 */

type Schema = { [key: string]: unknown };
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names that say "a time": createTime, createdAt, expiresAt, openTime, time, birthDate… */
const TIME_NAME = /(Time|At|Date|time|date)$/;
/** Times whose names do not say so. */
const OTHER_TIMES = new Set(['nextOpen', 'nextClose']);
/** Query parameters that carry times on the routes that take time ranges. */
const TIME_PARAMS: Record<string, string[]> = { '/api/market/kline': ['from', 'to'] };

/** The EpochMs definition, bare or as a member of `anyOf` beside null. */
function isEpochMs(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf.filter((m) => !(isObject(m) && m.type === 'null'));
    return members.length === 1 && isEpochMs(members[0]);
  }
  return (
    schema.type === 'integer' &&
    schema.minimum === 0 &&
    schema.maximum === EPOCH_MS_MAX &&
    schema.description === EPOCH_MS_DESCRIPTION
  );
}

/** The shared CalendarDate: a day of a named zone (an exchange's session date), not an instant. */
function isCalendarDate(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf.filter((m) => !(isObject(m) && (m.type === 'null' || m.nullable === true)));
    return members.length === 1 && isCalendarDate(members[0]);
  }
  return schema.type === 'string' && schema.description === CALENDAR_DATE_DESCRIPTION;
}

interface Found {
  where: string;
  name: string;
  schema: unknown;
}

/** Every named property of every schema under `node` (bodies, answers, nested items). */
function properties(node: unknown, where: string, out: Found[] = []): Found[] {
  if (Array.isArray(node)) node.forEach((n, i) => properties(n, `${where}[${i}]`, out));
  else if (isObject(node)) {
    if (isObject(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) out.push({ where, name, schema });
    }
    for (const [k, v] of Object.entries(node)) properties(v, `${where}.${k}`, out);
  }
  return out;
}

/** Every string schema that says it holds an ISO 8601 date-time. */
function isoStrings(node: unknown, where: string, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => isoStrings(n, `${where}[${i}]`, out));
  else if (isObject(node)) {
    const text = typeof node.description === 'string' ? node.description : '';
    if (node.type === 'string' && (node.format === 'date-time' || node.format === 'date' || /ISO 8601/.test(text)))
      out.push(where);
    for (const [k, v] of Object.entries(node)) isoStrings(v, `${where}.${k}`, out);
  }
  return out;
}

let t: TestApp;
let doc: {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; description?: string; schema: unknown }[] }>
  >;
};
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/docs/json' })).json();
});
afterAll(() => t.close());

describe('times in the OpenAPI document', () => {
  it('has every time-like field of every body and answer as integer epoch milliseconds (the shared EpochMs)', () => {
    const found = properties(doc.paths, 'paths').filter((f) => TIME_NAME.test(f.name) || OTHER_TIMES.has(f.name));
    // The trading and market answers have times; the document must have been read whole.
    for (const name of ['createdAt', 'expiresAt', 'operateTime', 'openTime', 'time', 'nextOpen']) {
      expect(
        found.map((f) => f.name),
        name,
      ).toContain(name);
    }
    const wrong = found
      .filter((f) => !isEpochMs(f.schema) && !isCalendarDate(f.schema))
      .map((f) => `${f.where}.${f.name}: ${JSON.stringify(f.schema)}`);
    expect(wrong).toEqual([]);
  });

  it('takes times in query strings as epoch milliseconds too', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const p of op.parameters ?? []) {
          if (!(TIME_NAME.test(p.name) || TIME_PARAMS[path]?.includes(p.name))) continue;
          seen += 1;
          // A parameter's description sits beside its schema in OpenAPI 3.
          const schema = isObject(p.schema) ? { description: p.description, ...p.schema } : p.schema;
          if (!isEpochMs(schema)) wrong.push(`${method} ${path} ${p.in} ${p.name}: ${JSON.stringify(p.schema)}`);
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(wrong).toEqual([]);
  });

  it('has no ISO 8601 strings left', () => {
    expect(isoStrings(doc.paths, 'paths')).toEqual([]);
  });
});
