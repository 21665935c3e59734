import { loadConfig, ConfigError } from './platform/config.ts';
import { applyHeapGrowing } from './platform/heap.ts';
import { buildApp } from './platform/http/app.ts';
import { createRuntime } from './platform/runtime.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { sealLegacyTotpSecrets } from './modules/auth/totp-secret.ts';
import { ensureCleanupScheduled } from './modules/maintenance/cleanup.jobs.ts';

/**
 * One process, the roles it is told (ROLES=http,realtime,worker; all by default): migrate,
 * seed demo data on an empty development database, serve, and shut down gracefully.
 */
async function main() {
  const config = loadConfig();
  applyHeapGrowing(config.HEAP_GROWING_PERCENT);
  const runtime = await createRuntime({ config, startWorker: config.roles.has('worker') });
  const { ctx } = runtime;
  if (config.DEMO_SEED) {
    const seeded = await seedDemoIfEmpty(ctx);
    if (seeded) ctx.log.info(seeded.banner);
    if (seeded) process.stdout.write(`\n${seeded.banner}\n\n`);
  }
  // rows written before TOTP secrets were encrypted (and the demo admin's seeded secret)
  const sealed = await sealLegacyTotpSecrets(config, ctx.db);
  if (sealed > 0) ctx.log.info({ sealed }, 'encrypted stored TOTP secrets');
  if (config.roles.has('worker')) await ensureCleanupScheduled(ctx);
  const app =
    config.roles.has('http') || config.roles.has('realtime') ? await buildApp(ctx) : undefined;
  if (app) {
    await app.ready();
    // the hottest routes' schemas now, not on a user's first request (lazy-schemas.ts)
    app.compileHotSchemas();
    await app.listen({ port: config.PORT, host: config.HOST });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app?.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Fanspace failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
