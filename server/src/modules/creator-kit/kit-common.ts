import { ErrorCodes, type KitUser } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import { cleanText } from '../users/profile-rules.ts';

/** Small pieces shared by the creator kit's services (notes, templates, widgets, automation). */

export const iso = (d: Date | string) => new Date(d).toISOString();

export function invalidField(field: string, message: string) {
  return new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });
}

/** Control characters dropped and trimmed; blank after cleaning is a 400 naming the field. */
export function requiredText(field: string, raw: string, label = field): string {
  const text = cleanText(raw);
  if (text === '') throw invalidField(field, `${label} cannot be empty`);
  return text;
}

export function presentKitUser(user: UserRow | undefined): KitUser | null {
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    avatarUrl: user.avatar_url,
  };
}

/** The cards of some users in one query (a gone account is null). */
export async function kitUsers(db: DbHandle, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const users = await usersByIds(db, wanted);
  return (id: string | null) => (id === null ? null : presentKitUser(users.get(id)));
}

/** A live account (not deleted, not banned) or null: the target of a note or an invite. */
export async function liveUser(db: DbHandle, id: string): Promise<UserRow | null> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', ['deleted', 'banned'])
    .executeTakeFirst();
  return user ?? null;
}
