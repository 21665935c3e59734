import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';

/**
 * Prepares one migrated database per run, which every test file clones: a PGlite data-dir dump
 * (TEST_DB=pglite, the default) or a PostgreSQL template database (TEST_DB=pg), so each file
 * gets a fresh database in milliseconds instead of re-running migrations.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    const dump = await dumpPglite(handle);
    const file = path.join(os.tmpdir(), `fanspace-test-${runId}.tar.gz`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('testDb', { kind, template: file });
    return () => fs.rmSync(file, { force: true });
  }
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const template = `fanspace_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const handle = await openDatabase({ url: withDatabase(adminUrl, template), poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
  await admin.end();
  project.provide('testDb', { kind, template, adminUrl });
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`fanspace_t_${runId}%`],
    );
    for (const row of rows)
      await client.query(`drop database if exists ${row.datname} with (force)`);
    await client.query(`drop database if exists ${template} with (force)`);
    await client.end();
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function dumpPglite(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!handle.pglite) throw new Error('expected a PGlite handle');
  return handle.pglite.dumpDataDir('gzip');
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite' | 'pg'; template: string; adminUrl?: string };
  }
}
