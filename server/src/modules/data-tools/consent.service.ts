import {
  DATA_TOOLS_MESSAGES,
  DataToolsLimits,
  ErrorCodes,
  type ConsentBody,
  type ConsentRecord,
  type ConsentState,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Selectable } from 'kysely';
import type { ConsentRecordsTable } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { iso } from './sections.ts';

/**
 * Consent records (GDPR family: consent GET/POST). Append-only: giving or withdrawing consent
 * adds a record (type, granted, version, timestamp), so the history shows what the person
 * agreed to and when. The database refuses UPDATE and DELETE on the table.
 */
type ConsentCtx = Pick<AppContext, 'db'>;
const HISTORY_LIMIT = 200;

const present = (row: Selectable<ConsentRecordsTable>): ConsentRecord => ({
  id: String(row.id),
  type: row.consent_type,
  granted: row.granted,
  version: row.version,
  timestamp: iso(row.created_at)!,
});

export async function consentState(ctx: ConsentCtx, userId: string): Promise<ConsentState> {
  const [history, current] = await Promise.all([
    ctx.db
      .selectFrom('consent_records')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
    ctx.db
      .selectFrom('consent_records')
      .selectAll()
      .distinctOn('consent_type')
      .where('user_id', '=', userId)
      .orderBy('consent_type')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    current: current.map(present),
    history: history.map(present),
    currentVersion: DataToolsLimits.consentVersion,
  };
}

export async function recordConsent(
  ctx: ConsentCtx,
  userId: string,
  body: ConsentBody,
  client: { ip: string | null; userAgent: string | null },
): Promise<ConsentState> {
  const type = body.type ?? body.consentType;
  if (type === undefined)
    throw new BadRequestError('type is required', ErrorCodes.VALIDATION_FAILED, {
      field: 'type',
    });
  await ctx.db
    .insertInto('consent_records')
    .values({
      user_id: userId,
      consent_type: type,
      granted: body.granted,
      version: body.version ?? DataToolsLimits.consentVersion,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return { ...(await consentState(ctx, userId)), message: DATA_TOOLS_MESSAGES.consentSaved };
}
