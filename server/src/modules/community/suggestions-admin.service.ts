import {
  SITE_TOOLS_MESSAGES,
  ErrorCodes,
  type AdminSuggestionPage,
  type AdminSuggestionQuery,
  type AdminSuggestionUpdateBody,
  type Suggestion,
  type SuggestionResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { audit } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';
import { presentSuggestion } from './community.service.ts';
import { suggestionBase } from './community.queries.ts';

/**
 * The back office's side of suggestions: list them by status, move one through
 * open → planned → in progress → done (or declined) and link it to the roadmap item it
 * became. The author gets a notification when the status changes; every change is audit-logged.
 */
type Ctx = Pick<AppContext, 'db'>;

const LABELS: Record<Suggestion['status'], string> = {
  open: 'open',
  planned: 'planned',
  in_progress: 'in progress',
  done: 'done',
  declined: 'declined',
};

const notFound = () =>
  new NotFoundError(SITE_TOOLS_MESSAGES.suggestionNotFound, ErrorCodes.SUGGESTION_NOT_FOUND);

export async function adminListSuggestions(
  ctx: Ctx,
  query: AdminSuggestionQuery,
): Promise<AdminSuggestionPage> {
  let counted = ctx.db.selectFrom('suggestions');
  let rows = suggestionBase(ctx.db, null);
  if (query.status) {
    counted = counted.where('status', '=', query.status);
    rows = rows.where('s.status', '=', query.status);
  }
  const [{ total }, page] = await Promise.all([
    counted.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return { suggestions: page.map(presentSuggestion), ...pageInfo(query, Number(total)) };
}

export async function adminUpdateSuggestion(
  ctx: Ctx,
  adminId: string,
  id: string,
  body: AdminSuggestionUpdateBody,
): Promise<SuggestionResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const current = await tx
      .selectFrom('suggestions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound();
    if (body.roadmapItemId) {
      const item = await tx
        .selectFrom('roadmap_items')
        .select('id')
        .where('id', '=', body.roadmapItemId)
        .executeTakeFirst();
      if (!item)
        throw new NotFoundError(
          SITE_TOOLS_MESSAGES.roadmapItemNotFound,
          ErrorCodes.ROADMAP_ITEM_NOT_FOUND,
        );
    }
    const statusChanged = body.status !== undefined && body.status !== current.status;
    await tx
      .updateTable('suggestions')
      .set({
        ...(statusChanged ? { status: body.status, status_changed_at: new Date() } : {}),
        ...(body.roadmapItemId !== undefined ? { roadmap_item_id: body.roadmapItemId } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (statusChanged && current.user_id)
      await notify(tx, {
        userId: current.user_id,
        type: 'system',
        relatedId: id,
        relatedType: 'suggestion',
        data: {
          message: `Your suggestion "${current.title}" is now ${LABELS[body.status!]}.`,
          suggestionId: id,
          status: body.status,
        },
      });
    await audit(tx, {
      adminId,
      action: 'suggestion.update',
      targetType: 'suggestion',
      targetId: id,
      details: {
        from: current.status,
        to: body.status ?? current.status,
        ...(body.roadmapItemId !== undefined ? { roadmapItemId: body.roadmapItemId } : {}),
      },
    });
  });
  const row = await suggestionBase(ctx.db, null).where('s.id', '=', id).executeTakeFirstOrThrow();
  return { suggestion: presentSuggestion(row), message: SITE_TOOLS_MESSAGES.suggestionUpdated };
}
