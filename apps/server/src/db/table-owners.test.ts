import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './table-owners.mjs';

const MODULES = path.join(import.meta.dirname, '../modules');

describe('table owners', () => {
  it('every table of the schema has one owner, a module that exists; the map names no other table', async () => {
    const files = fs.readdirSync(import.meta.dirname).filter((f) => /^schema[\w-]*\.ts$/.test(f));
    const loaded = await Promise.all(files.map((f) => import(`./${f}`) as Promise<Record<string, unknown>>));
    const all = loaded.flatMap((exports) => Object.entries(exports).filter(([, v]) => is(v, PgTable)));
    const tables = all.map(([name]) => name).sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
    const modules = new Set(fs.readdirSync(MODULES));
    const missing = Object.entries(TABLE_OWNERS).filter(([, owner]) => !modules.has(owner));
    expect(missing).toEqual([]);
    expect(new Set(all.map(([, table]) => getTableName(table as PgTable))).size).toBe(tables.length);
  });
});
