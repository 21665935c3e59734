import { hashPassword } from '@fanspace/server/src/platform/auth/passwords.ts';
import { openDatabase, type DatabaseHandle } from '@fanspace/server/src/platform/db/database.ts';
import { migrateToLatest } from '@fanspace/server/src/platform/db/migrate.ts';
import { sql, type Kysely } from 'kysely';
import path from 'node:path';
import {
  accessLevelOf,
  BENCH_PASSWORD,
  benchEmail,
  benchId,
  planFor,
  type SeedPlan,
} from './plan.ts';
import { recount, steps } from './steps.ts';

/**
 * `npm run bench:seed`: migrates a database with the app's own migrations, then bulk-loads
 * the benchmark dataset at BENCH_SCALE (default 0.01; 1 = 100k users, 1M posts, …).
 * BENCH_DATABASE_URL names a PostgreSQL database; without it the data goes to PGlite under
 * BENCH_DATA_DIR (default bench/data/pglite-<scale>). A seeded database is left as it is.
 */

export interface SeedTarget {
  url?: string | undefined;
  dataDir?: string | undefined;
}

export function targetFromEnv(scale: number): SeedTarget {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return { url };
  const dataDir =
    process.env.BENCH_DATA_DIR ??
    path.resolve(import.meta.dirname, '..', '..', 'data', `pglite-${scale}`);
  return { dataDir: path.join(dataDir, 'pglite') };
}

export const scaleFromEnv = () => Number(process.env.BENCH_SCALE ?? 0.01);

const log = (text: string) => process.stdout.write(`${text}\n`);

async function isSeeded(db: Kysely<unknown>, plan: SeedPlan) {
  const { rows } = await sql<{ n: number; media: boolean }>`select count(*)::int as n,
        exists (select 1 from post_media) as media
      from users where email in (${benchEmail(1)}, ${benchEmail(plan.users)})`.execute(db);
  const [row] = rows;
  if ((row?.n ?? 0) !== 2) return false;
  // a dataset from before the posts had images: its figures are not comparable
  if (!row?.media)
    throw new Error(
      'this benchmark database was seeded before posts had images; drop and recreate it (or remove its PGlite folder), then seed again',
    );
  // …or before paid posts were spread over every creator
  // (the creators' second posts: there the two rules differ at every scale)
  const first = plan.posts >= plan.creators + 20 ? plan.creators + 1 : 1;
  const sample = Array.from({ length: Math.min(20, plan.posts) }, (_, i) => first + i);
  const levels = await sql<{ id: string; access_level: string }>`select id, access_level
      from posts where id in (${sql.join(sample.map((j) => benchId('post', j)))})`.execute(db);
  const expected = new Map(sample.map((j) => [benchId('post', j), accessLevelOf(plan, j)]));
  if (levels.rows.some((r) => expected.get(r.id) !== r.access_level))
    throw new Error(
      'this benchmark database was seeded before paid posts were spread over every creator; drop and recreate it (or remove its PGlite folder), then seed again',
    );
  return true;
}

/**
 * VACUUM ANALYZE of the tables the seed filled: vacuum sets the visibility map, which
 * index-only scans need, and analyze gives the planner their sizes. The tables the seed leaves
 * empty (the ledger's, purchases, idempotency keys, sessions …) are left alone: analyzed empty,
 * PostgreSQL would plan them as empty – a sequential scan – and the plans a connection caches
 * early (prepared statements, PL/pgSQL such as the ledger's deferred balance check) would keep
 * scanning them as the money scenarios grow them to tens of thousands of rows, with autovacuum
 * (which would re-analyze them) off as on this machine. A never-analyzed table is planned as ten
 * pages, with its indexes (docs/PERFORMANCE.md "Idle runs, 3 Dec 2026").
 */
async function vacuumLoadedTables(db: Kysely<unknown>) {
  const { rows } = await sql<{ name: string }>`select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and pg_relation_size(c.oid) > 0
    order by 1`.execute(db);
  if (rows.length > 0)
    await sql`vacuum analyze ${sql.join(rows.map(({ name }) => sql.table(name)))}`.execute(db);
}

export async function seed(plan: SeedPlan, database: DatabaseHandle): Promise<number> {
  const db = database.db as unknown as Kysely<unknown>;
  await migrateToLatest(database.db);
  if (await isSeeded(db, plan)) {
    log(`already seeded at scale ${plan.scale}`);
    return 0;
  }
  const started = performance.now();
  // one connection: bulk load without per-row foreign-key triggers, nothing waits for fsync
  await sql`set session_replication_role = replica`.execute(db);
  await sql`set synchronous_commit = off`.execute(db);
  const hash = await hashPassword(BENCH_PASSWORD);
  for (const step of steps(hash)) {
    const t0 = performance.now();
    const total = (step.over ?? ((p: SeedPlan) => p.users))(plan);
    for (let from = 1; from <= total; from += step.chunk)
      await step.run(db, plan, from, Math.min(total, from + step.chunk - 1));
    log(
      `${step.name.padEnd(14)} ~${step.rows(plan)} rows in ${Math.round(performance.now() - t0)} ms`,
    );
  }
  const t0 = performance.now();
  await recount(db);
  await sql`set session_replication_role = origin`.execute(db);
  await vacuumLoadedTables(db);
  log(`counters+analyze in ${Math.round(performance.now() - t0)} ms`);
  return Math.round(performance.now() - started);
}

export async function openTarget(target: SeedTarget) {
  return openDatabase({ url: target.url, dataDir: target.dataDir, poolSize: 1 });
}

async function main() {
  const plan = planFor(scaleFromEnv());
  const target = targetFromEnv(plan.scale);
  log(
    `seeding ${target.url ? 'PostgreSQL' : `PGlite at ${target.dataDir}`}: ${JSON.stringify(plan)}`,
  );
  const database = await openTarget(target);
  try {
    const ms = await seed(plan, database);
    if (ms > 0) log(`seeded in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
