import type { AppContext } from '../../platform/context.ts';
import { DATA_RETENTION_JOB, runRetention } from './account-data.service.ts';
import { DATA_DELETION_JOB, runScheduledDeletion } from './deletion.service.ts';
import {
  DATA_EXPORT_EXPIRE_JOB,
  DATA_EXPORT_JOB,
  expireExport,
  runExport,
} from './exports.service.ts';
import { DATA_IMPORT_JOB, runImport } from './imports.service.ts';
import { DATA_MEASURE_JOB, measureMedia } from './storage.service.ts';

const idOf = (payload: Record<string, unknown>, key: string, job: string) => {
  const value = payload[key];
  if (typeof value !== 'string') throw new Error(`${job}: invalid payload`);
  return value;
};

/** The data tools' background work; each handler is safe to run again (see the services). */
export function registerDataToolsJobs(ctx: AppContext) {
  ctx.jobs.register(DATA_EXPORT_JOB, (p) => runExport(ctx, idOf(p, 'exportId', DATA_EXPORT_JOB)));
  ctx.jobs.register(DATA_EXPORT_EXPIRE_JOB, async (p) => {
    await expireExport(ctx, idOf(p, 'exportId', DATA_EXPORT_EXPIRE_JOB));
  });
  ctx.jobs.register(DATA_IMPORT_JOB, (p) => runImport(ctx, idOf(p, 'importId', DATA_IMPORT_JOB)));
  ctx.jobs.register(DATA_MEASURE_JOB, async (p) => {
    await measureMedia(ctx, idOf(p, 'userId', DATA_MEASURE_JOB), 100_000);
  });
  ctx.jobs.register(DATA_RETENTION_JOB, async (p) => {
    await runRetention(ctx, idOf(p, 'userId', DATA_RETENTION_JOB));
  });
  ctx.jobs.register(DATA_DELETION_JOB, async (p) => {
    await runScheduledDeletion(ctx, idOf(p, 'requestId', DATA_DELETION_JOB));
  });
}
