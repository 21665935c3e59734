import {
  SchedulerLimits,
  type ScheduledItem,
  type ScheduledPreview,
  type ScheduledType,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { ScheduledItemRow } from '../../platform/db/schema.ts';
import { presentMedia } from '../media/media.service.ts';
import { findOwnedMedia } from '../media/media.queries.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Viewer } from '../posts/post-views.ts';
import { resultUrlOf } from './scheduler.publish.ts';

/**
 * Scheduled items as the creator sees them: the stored payload plus a preview (text, media
 * count, the first item's thumbnail signed for this session, audience). One media query per
 * page, whatever its size.
 */

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const refId = (ref: unknown): string | null => {
  const id = typeof ref === 'string' ? ref : str((ref as { id?: unknown } | null)?.id);
  return isUuid(id.toLowerCase()) ? id.toLowerCase() : null;
};
const refs = (list: unknown): string[] =>
  Array.isArray(list) ? list.flatMap((r) => refId(r) ?? []) : [];

interface PayloadSummary {
  text: string;
  mediaIds: string[];
  audience: string | null;
}

/** Reads the parts of a payload a preview shows, for each type's own shape. */
export function summarise(type: ScheduledType, payload: Record<string, unknown>): PayloadSummary {
  if (type === 'post') {
    const access = payload.accessDetails as { accessLevel?: unknown } | undefined;
    return {
      text: str(payload.caption),
      mediaIds: refs(payload.selectedMediaItems),
      audience: str(access?.accessLevel) || 'public',
    };
  }
  if (type === 'story') {
    const media = refId(payload.mediaId);
    return {
      text: str(payload.textOverlay) || str(payload.caption),
      mediaIds: media ? [media] : [],
      audience: str(payload.accessLevel) || 'public',
    };
  }
  const locked = payload.lockedContent as Record<string, unknown> | null | undefined;
  return {
    text: str(payload.text),
    mediaIds: [
      ...new Set([
        ...refs(payload.selectedMediaItems),
        ...refs(locked?.mediaItems),
        ...refs(locked?.selectedMediaItems),
      ]),
    ],
    audience: str(payload.segment) || null,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function presentItems(
  ctx: Pick<AppContext, 'config'> & { db: DbHandle },
  viewer: Viewer,
  rows: ScheduledItemRow[],
): Promise<ScheduledItem[]> {
  const summaries = rows.map((row) => summarise(row.type, row.payload));
  const firstIds = [...new Set(summaries.flatMap((s) => s.mediaIds.slice(0, 1)))];
  const media = firstIds.length > 0 ? await findOwnedMedia(ctx.db, viewer.id, firstIds) : [];
  const byId = new Map(media.map((m) => [m.id, m]));
  return rows.map((row, index) => {
    const summary = summaries[index]!;
    const first = summary.mediaIds[0] ? byId.get(summary.mediaIds[0]) : undefined;
    const preview: ScheduledPreview = {
      text: summary.text.slice(0, 280),
      mediaCount: summary.mediaIds.length,
      thumbnailUrl: first
        ? presentMedia(ctx, first, {
            unlocked: true,
            viewer: { userId: viewer.id, sessionId: viewer.sessionId },
          }).thumbnailUrl
        : null,
      audience: summary.audience,
    };
    return {
      id: row.id,
      itemId: row.id,
      type: row.type,
      status: row.status,
      scheduledFor: row.scheduled_for.toISOString(),
      payload: row.payload,
      preview,
      attempts: row.attempts,
      maxAttempts: SchedulerLimits.maxAttempts,
      lastError: row.last_error,
      resultId: row.result_id,
      resultUrl: row.result_id ? resultUrlOf(row.type, row.result_id) : null,
      publishedAt: iso(row.published_at),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  });
}
