import {
  CHAT_PRICE_CENTS,
  ErrorCodes,
  POST_PRICE_CENTS,
  TemplateLimits,
  type CreateTemplateBody,
  type Template,
  type TemplateType,
  type TemplatesResponse,
  type UpdateTemplateBody,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { CreatorTemplateRow } from '../../platform/db/schema.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { iso, requiredText } from './kit-common.ts';

/**
 * Message and post templates: a creator's saved texts (with an optional price: the locked
 * price of a chat message, or the price of a paid post) picked in the chat and post composers.
 */
type Ctx = Pick<AppContext, 'db'>;

const templateNotFound = () =>
  new NotFoundError('Template not found', ErrorCodes.TEMPLATE_NOT_FOUND);

export function presentTemplate(row: CreatorTemplateRow): Template {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    body: row.body,
    price: row.price_cents === null ? null : units(row.price_cents),
    priceCents: row.price_cents,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The price rule of the composer the template fills: chat locks or paid posts. */
function priceCents(type: TemplateType, price: number | null | undefined): number | null {
  // null arrives as 0 (the validator coerces nullable numbers): both mean "no price"
  if (price === undefined || price === null || price === 0) return null;
  const limits = type === 'message' ? CHAT_PRICE_CENTS : POST_PRICE_CENTS;
  return amountToCents('price', price, limits.min, limits.max);
}

export async function listTemplates(
  ctx: Ctx,
  userId: string,
  type?: TemplateType,
): Promise<TemplatesResponse> {
  const rows = await ctx.db
    .selectFrom('creator_templates')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .orderBy('type')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return { templates: rows.map(presentTemplate) };
}

/** One own template (anyone else's, or a malformed id: 404). */
export async function getTemplate(ctx: Ctx, userId: string, id: string): Promise<Template> {
  if (!isUuid(id)) throw templateNotFound();
  const row = await ctx.db
    .selectFrom('creator_templates')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw templateNotFound();
  return presentTemplate(row);
}

/** The first line of the text, cut to the name limit: the name of a template sent without one. */
const nameFrom = (text: string) => (text.split('\n')[0] ?? '').slice(0, TemplateLimits.nameMax);

export async function createTemplate(
  ctx: Ctx,
  userId: string,
  body: CreateTemplateBody,
): Promise<Template> {
  const type = body.type ?? 'message';
  const text = requiredText('body', body.body ?? body.content ?? '', 'Template text');
  const values = {
    user_id: userId,
    type,
    name: requiredText('name', body.name ?? nameFrom(text), 'Name'),
    body: text,
    price_cents: priceCents(type, body.price),
  };
  const row = await withTransaction(ctx.db, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`creator-templates:${userId}`}))`.execute(tx);
    const count = await tx
      .selectFrom('creator_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= TemplateLimits.perUserMax)
      throw new AppError(
        429,
        ErrorCodes.LIMIT_REACHED,
        `You can keep ${TemplateLimits.perUserMax} templates; delete one you no longer use`,
      );
    return tx
      .insertInto('creator_templates')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentTemplate(row);
}

export async function updateTemplate(
  ctx: Ctx,
  userId: string,
  id: string,
  body: UpdateTemplateBody,
): Promise<Template> {
  return withTransaction(ctx.db, async (tx) => {
    const current = await tx
      .selectFrom('creator_templates')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw templateNotFound();
    const row = await tx
      .updateTable('creator_templates')
      .set({
        ...(body.name !== undefined ? { name: requiredText('name', body.name, 'Name') } : {}),
        ...(body.body !== undefined
          ? { body: requiredText('body', body.body, 'Template text') }
          : {}),
        ...(body.price !== undefined ? { price_cents: priceCents(current.type, body.price) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentTemplate(row);
  });
}

export async function deleteTemplate(ctx: Ctx, userId: string, id: string) {
  const row = await ctx.db
    .deleteFrom('creator_templates')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw templateNotFound();
  return { ok: true as const, id: row.id };
}
