import {
  ErrorCodes,
  NoteLimits,
  type CreateCreatorNoteBody,
  type CreatorNote,
  type CreatorNotesResponse,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { CreatorNoteRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { userNotFound } from '../users/users.policy.ts';
import { iso, kitUsers, liveUser, requiredText } from './kit-common.ts';

/**
 * Creator notes: private notes a creator keeps about a fan (shown next to the chat and on the
 * fan's profile). Only their author ever sees them; anyone else's note id is a 404.
 */
type Ctx = Pick<AppContext, 'db'>;

const noteNotFound = () => new NotFoundError('Note not found', ErrorCodes.CREATOR_NOTE_NOT_FOUND);

async function present(ctx: Ctx, rows: CreatorNoteRow[]): Promise<CreatorNote[]> {
  const userOf = await kitUsers(
    ctx.db,
    rows.map((r) => r.fan_id),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.fan_id,
    user: userOf(r.fan_id),
    note: r.note,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/** The creator's most recently edited notes, about anyone. */
export async function listNotes(
  ctx: Ctx,
  creatorId: string,
  limit = 50,
): Promise<CreatorNotesResponse> {
  const rows = await ctx.db
    .selectFrom('creator_notes')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { notes: await present(ctx, rows) };
}

/** One own note (anyone else's, or a malformed id: 404). */
export async function getNote(ctx: Ctx, creatorId: string, id: string): Promise<CreatorNote> {
  if (!isUuid(id)) throw noteNotFound();
  const row = await ctx.db
    .selectFrom('creator_notes')
    .selectAll()
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  if (!row) throw noteNotFound();
  return (await present(ctx, [row]))[0]!;
}

/** The creator's notes about one fan, newest first. */
export async function notesAbout(
  ctx: Ctx,
  creatorId: string,
  fanId: string,
): Promise<CreatorNotesResponse> {
  // notes outlive a closed account (only the author sees them); an id that was never an
  // account is a 404
  const fan = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', fanId)
    .executeTakeFirst();
  if (!fan) throw userNotFound();
  const rows = await ctx.db
    .selectFrom('creator_notes')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('fan_id', '=', fanId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NoteLimits.perFanMax)
    .execute();
  return { notes: await present(ctx, rows) };
}

export async function createNote(
  ctx: Ctx,
  creatorId: string,
  body: CreateCreatorNoteBody,
): Promise<CreatorNote> {
  const note = requiredText('note', body.note ?? body.content ?? body.text ?? '', 'Note');
  if (body.userId === creatorId)
    throw new BadRequestError('Notes are about other people', ErrorCodes.CANNOT_TARGET_SELF, {
      field: 'userId',
    });
  const row = await withTransaction(ctx.db, async (tx) => {
    if (!(await liveUser(tx, body.userId))) throw userNotFound();
    // serialise a creator's writes about one fan so the cap holds under concurrency
    await sql`select pg_advisory_xact_lock(hashtext(${`creator-notes:${creatorId}:${body.userId}`}))`.execute(
      tx,
    );
    const count = await tx
      .selectFrom('creator_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', creatorId)
      .where('fan_id', '=', body.userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= NoteLimits.perFanMax)
      throw new AppError(
        429,
        ErrorCodes.LIMIT_REACHED,
        `You can keep ${NoteLimits.perFanMax} notes about one person; edit or delete an old one`,
      );
    return tx
      .insertInto('creator_notes')
      .values({ creator_id: creatorId, fan_id: body.userId, note })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return (await present(ctx, [row]))[0]!;
}

export async function updateNote(
  ctx: Ctx,
  creatorId: string,
  id: string,
  rawNote: string,
): Promise<CreatorNote> {
  const note = requiredText('note', rawNote, 'Note');
  const row = await ctx.db
    .updateTable('creator_notes')
    .set({ note, updated_at: new Date() })
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw noteNotFound();
  return (await present(ctx, [row]))[0]!;
}

export async function deleteNote(ctx: Ctx, creatorId: string, id: string) {
  const row = await ctx.db
    .deleteFrom('creator_notes')
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw noteNotFound();
  return { ok: true as const, id: row.id };
}
