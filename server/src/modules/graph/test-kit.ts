import type { UserRow } from '../../platform/db/schema.ts';
import { bearer, createCreator, createUser, tokenFor } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';

/** Test helpers for the graph module's route tests (not a test file itself). */

export interface Actor {
  user: UserRow;
  token: string;
}

export async function actor(server: TestServer, kind: 'fan' | 'creator' = 'fan'): Promise<Actor> {
  const user = kind === 'creator' ? await createCreator(server.ctx) : await createUser(server.ctx);
  return { user, token: await tokenFor(server.ctx, user) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as `who` (or anonymously), returning status and parsed body. */
export async function call(
  server: TestServer,
  who: Actor | null,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
) {
  const res = await server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: bearer(who.token) } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

export async function counts(server: TestServer, userId: string) {
  return server.ctx.db
    .selectFrom('users')
    .select(['followers_count', 'following_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A follow row written directly, e.g. back-dated for the trending window. */
export async function insertFollow(
  server: TestServer,
  followerId: string,
  followeeId: string,
  createdAt = new Date(),
) {
  await server.ctx.db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: createdAt })
    .execute();
}
