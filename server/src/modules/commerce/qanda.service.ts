import {
  COMMERCE_LIMITS,
  ErrorCodes,
  type CreateQandaBody,
  type QandaItem,
} from '@fanspace/contracts';
import type { Db, DbHandle } from '../../platform/db/database.ts';
import type { QandaItemRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { visibleCreator } from './commerce.shared.ts';

/** Q and A items on a creator's profile (SPEC §3 question, answer; §7 POST/DELETE /qanda). */

export function presentQanda(row: QandaItemRow): QandaItem {
  return {
    id: row.id,
    creatorId: row.creator_id,
    question: row.question,
    answer: row.answer,
    createdAt: row.created_at.toISOString(),
  };
}

const qandaNotFound = () => new NotFoundError('Question not found', ErrorCodes.QANDA_NOT_FOUND);

/** One item, to whoever may see its creator's Q and A (else, or a malformed id: 404). */
export async function getQanda(db: DbHandle, viewerId: string | null, id: string) {
  if (!isUuid(id)) throw qandaNotFound();
  const row = await db
    .selectFrom('qanda_items')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw qandaNotFound();
  if (viewerId !== row.creator_id)
    await visibleCreator(db, viewerId, row.creator_id).catch(() => {
      throw qandaNotFound();
    });
  return presentQanda(row);
}

export async function listQanda(db: DbHandle, viewerId: string | null, creatorId: string) {
  if (viewerId !== creatorId) await visibleCreator(db, viewerId, creatorId);
  const rows = await db
    .selectFrom('qanda_items')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .orderBy('created_at', 'asc')
    .limit(COMMERCE_LIMITS.qandaPerCreator)
    .execute();
  return { items: rows.map(presentQanda) };
}

const nonBlank = (value: string, field: string) => {
  const text = value.trim();
  if (!text)
    throw new BadRequestError(`${field} must not be empty`, ErrorCodes.VALIDATION_FAILED, {
      field,
    });
  return text;
};

export async function createQanda(db: Db, creator: UserRow, body: CreateQandaBody) {
  const question = nonBlank(body.question, 'question');
  const answer = nonBlank(body.answer, 'answer');
  const count = await db
    .selectFrom('qanda_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creator_id', '=', creator.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= COMMERCE_LIMITS.qandaPerCreator)
    throw new AppError(
      429,
      ErrorCodes.LIMIT_REACHED,
      `A profile can show at most ${COMMERCE_LIMITS.qandaPerCreator} questions`,
    );
  const row = await db
    .insertInto('qanda_items')
    .values({ creator_id: creator.id, question, answer })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentQanda(row);
}

export async function deleteQanda(db: Db, user: UserRow, id: string) {
  const deleted = await db
    .deleteFrom('qanda_items')
    .where('id', '=', id)
    .where('creator_id', '=', user.id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw qandaNotFound();
  return { ok: true as const, message: 'Question deleted' };
}
