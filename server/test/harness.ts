import { inject } from 'vitest';
import fs from 'node:fs';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../src/platform/config.ts';
import type { AppContext } from '../src/platform/context.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database.ts';
import { buildApp, type App, type BuildAppOptions } from '../src/platform/http/app.ts';
import { createRuntime, type Runtime } from '../src/platform/runtime.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh database cloned from the run's migrated template (see global-setup.ts). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(testDb.template)]);
    return openDatabase({ loadDataDir: dump });
  }
  const name = `${testDb.template.replace('fanspace_tpl_', 'fanspace_t_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${testDb.template}`);
  await admin.end();
  const handle = await openDatabase({ url: withDatabase(testDb.adminUrl!, name), poolSize: 20 });
  return handle;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: fs.mkdtempSync('/tmp/fanspace-test-data-'),
    DEMO_SEED: 'false',
    ...overrides,
  });
}

export interface TestServer {
  app: App;
  ctx: AppContext;
  runtime: Runtime;
  close(): Promise<void>;
}

/**
 * A full app (all modules) on a fresh database, driven with `app.inject`. The worker is not
 * started: tests run jobs deterministically with `runtime.worker` or `runJobs`.
 */
export async function createTestServer(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    worker?: boolean;
    extraRoutes?: BuildAppOptions['extraRoutes'];
    serveWeb?: boolean;
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.env);
  const runtime = await createRuntime({ config, database, startWorker: options.worker ?? false });
  const app = await buildApp(runtime.ctx, {
    serveWeb: options.serveWeb ?? false,
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  await app.ready();
  return {
    app,
    ctx: runtime.ctx,
    runtime,
    async close() {
      await app.close();
      await runtime.close();
      if (!options.database) await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
