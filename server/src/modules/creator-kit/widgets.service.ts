import {
  ErrorCodes,
  WidgetLimits,
  type CreateWidgetBody,
  type UpdateWidgetBody,
  type Widget,
  type WidgetTopPost,
  type WidgetsResponse,
} from '@fanspace/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { blockedEitherWay } from '../graph/graph.relations.ts';
import { userNotFound } from '../users/users.policy.ts';
import { liveUser } from './kit-common.ts';
import {
  cleanTitle,
  cleanWidgetConfig,
  isStoredWidget,
  type StoredWidget,
} from './widgets.rules.ts';

/**
 * Profile widgets (links, about, schedule, top posts, countdown) over users.profile.widgets.
 * Every write locks the user row, edits the array and writes it back in one transaction, so
 * concurrent edits (and /vibes/widgets) never lose each other's changes.
 */
type Ctx = Pick<AppContext, 'db'>;

const widgetNotFound = () => new NotFoundError('Widget not found', ErrorCodes.WIDGET_NOT_FOUND);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function present(list: unknown[]): Widget[] {
  return list.filter(isStoredWidget).map((w, position) => ({ ...w, position }));
}

async function readWidgets(db: DbHandle, userId: string, lock: boolean): Promise<unknown[]> {
  const row = await db
    .selectFrom('users')
    .select('profile')
    .where('id', '=', userId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw userNotFound();
  return asArray(row.profile.widgets);
}

/** Read-modify-write of the array under the user row's lock. */
async function editWidgets<T>(
  ctx: Ctx,
  userId: string,
  edit: (list: unknown[]) => { list: unknown[]; result: T },
): Promise<T> {
  return withTransaction(ctx.db, async (tx) => {
    const { list, result } = edit(await readWidgets(tx, userId, true));
    await tx
      .updateTable('users')
      .set({
        profile: sql<string>`profile || ${JSON.stringify({ widgets: list })}::jsonb`,
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    return result;
  });
}

export async function myWidgets(ctx: Ctx, userId: string): Promise<WidgetsResponse> {
  return { widgets: present(await readWidgets(ctx.db, userId, false)) };
}

/** One own widget, enabled or not, as GET /widgets shows it (anything else: 404). */
export async function myWidget(ctx: Ctx, userId: string, id: string): Promise<Widget> {
  const widget = (await myWidgets(ctx, userId)).widgets.find((w) => w.id === id);
  if (!widget) throw widgetNotFound();
  return widget;
}

export async function createWidget(ctx: Ctx, userId: string, body: CreateWidgetBody) {
  const widget: StoredWidget = {
    id: randomUUID(),
    type: body.type,
    title: cleanTitle(body.type, body.title),
    enabled: body.enabled ?? true,
    config: cleanWidgetConfig(body.type, body.config),
  };
  return editWidgets(ctx, userId, (list) => {
    if (list.filter(isStoredWidget).length >= WidgetLimits.perUserMax)
      throw new AppError(
        429,
        ErrorCodes.LIMIT_REACHED,
        `A profile can show ${WidgetLimits.perUserMax} widgets; remove one first`,
      );
    const next = [...list, widget];
    return { list: next, result: present(next).find((w) => w.id === widget.id)! };
  });
}

export async function updateWidget(ctx: Ctx, userId: string, id: string, body: UpdateWidgetBody) {
  return editWidgets(ctx, userId, (list) => {
    const index = list.findIndex((w) => isStoredWidget(w) && w.id === id);
    if (index < 0) throw widgetNotFound();
    const current = list[index] as StoredWidget;
    const updated: StoredWidget = {
      ...current,
      ...(body.title !== undefined ? { title: cleanTitle(current.type, body.title) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.config !== undefined
        ? { config: cleanWidgetConfig(current.type, body.config) }
        : {}),
    };
    const next = list.map((w, i) => (i === index ? updated : w));
    return { list: next, result: present(next).find((w) => w.id === id)! };
  });
}

export async function deleteWidget(ctx: Ctx, userId: string, id: string) {
  return editWidgets(ctx, userId, (list) => {
    if (!list.some((w) => isStoredWidget(w) && w.id === id)) throw widgetNotFound();
    return {
      list: list.filter((w) => !(isStoredWidget(w) && w.id === id)),
      result: { ok: true as const, id },
    };
  });
}

/** `ids` must name every widget of the user exactly once; other items keep their place after. */
export async function reorderWidgets(ctx: Ctx, userId: string, ids: string[]) {
  return editWidgets(ctx, userId, (list) => {
    const widgets = list.filter(isStoredWidget);
    const byId = new Map(widgets.map((w) => [w.id, w]));
    const same =
      ids.length === widgets.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => byId.has(id));
    if (!same)
      throw new BadRequestError(
        'ids must list each of your widgets exactly once',
        ErrorCodes.VALIDATION_FAILED,
        {
          field: 'ids',
        },
      );
    const next = [...ids.map((id) => byId.get(id)!), ...list.filter((w) => !isStoredWidget(w))];
    return { list: next, result: { widgets: present(next) } };
  });
}

/** The owner's best live public posts by the trending score (SPEC §9: 2 × likes + comments). */
async function topPosts(db: DbHandle, userId: string, limit: number): Promise<WidgetTopPost[]> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'caption', 'likes_count', 'comments_count'])
    .where('user_id', '=', userId)
    .where('access_level', '=', 'public')
    .where('deleted_at', 'is', null)
    .where('published_at', '<=', sql<Date>`now()`)
    .orderBy(sql`2 * likes_count + comments_count`, 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    caption: r.caption,
    likeCount: Number(r.likes_count),
    commentCount: Number(r.comments_count),
  }));
}

/** A profile's enabled widgets, for anyone who may see the profile (blocked either way: 404). */
export async function profileWidgets(
  ctx: Ctx,
  viewerId: string | null,
  userId: string,
): Promise<WidgetsResponse> {
  const owner = await liveUser(ctx.db, userId);
  if (!owner) throw userNotFound();
  if (viewerId && viewerId !== userId && (await blockedEitherWay(ctx.db, viewerId, userId)))
    throw userNotFound();
  const enabled = present(asArray(owner.profile.widgets)).filter((w) => w.enabled);
  const widgets: Widget[] = [];
  for (const w of enabled)
    widgets.push(
      w.type === 'top-posts'
        ? { ...w, posts: await topPosts(ctx.db, userId, w.config.limit ?? 3) }
        : w,
    );
  return { widgets };
}
