import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { buildServer, serverNeedsBuild } from '../../../scripts/build-server-if-changed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data-dir dump to clone. PostgreSQL: the template database's name. */
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}

const TMP = path.resolve(import.meta.dirname, '../../../.tmp');

/** The local PostgreSQL every machine of ours runs (docs/testing.md). */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Where a project's server tests run: the `pglite` project, and every project when TEST_DB=pglite
 * (a machine without PostgreSQL, scripts/test/run.mjs), on PGlite; the others on PostgreSQL.
 */
export function testDatabaseUrl(projectName: string): string | null {
  if (projectName === 'pglite' || process.env.TEST_DB === 'pglite') return null;
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || LOCAL_POSTGRES;
}

/**
 * Migrates one database once per run; every test file clones it (a fresh PGlite per file is slow,
 * docs/testing.md).
 */
export default async function setup(project: TestProject) {
  // The bundles npm start and npm run ops run, which main.test.ts and ops.test.ts start: built here,
  // once, before any worker could start one half-written.
  const root = path.resolve(import.meta.dirname, '../../..');
  if (serverNeedsBuild(root)) await buildServer(root);
  const url = testDatabaseUrl(project.name);
  if (url) {
    const template = `tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const tplUrl = withDatabase(url, template);
    const db = await openDatabase({ databaseUrl: tplUrl, poolSize: 1 });
    await db.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      // Test files drop their own databases; sweep what a crashed one left.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `t_${template}_%`,
      ]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  fs.mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, `pglite-template-${process.pid}.tar`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { MIGRATIONS_DIR } = await import('../src/db/client');
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
