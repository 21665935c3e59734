import { createSession } from '../../platform/auth/sessions.ts';
import type { NewUser, PostRow, UserRow } from '../../platform/db/schema.ts';
import { bearer, createCreator, createUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { multipartBody, solidImage } from '../../../test/images.ts';
import { ingestMedia } from '../media/media.service.ts';

/** Helpers of the posts, search and purchases tests (not a test file itself). */

export interface Actor {
  user: UserRow;
  token: string;
  sessionId: string;
  headers: Record<string, string>;
}

export async function actor(
  server: TestServer,
  kind: 'fan' | 'creator' = 'fan',
  overrides: Partial<NewUser> = {},
): Promise<Actor> {
  const user =
    kind === 'creator'
      ? await createCreator(server.ctx, overrides)
      : await createUser(server.ctx, overrides);
  const { token, session } = await createSession(server.ctx.db, user.id, {
    ttlDays: 1,
    userAgent: 'vitest',
    ip: '127.0.0.1',
  });
  return { user, token, sessionId: session.id, headers: bearer(token) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as `who` (or anonymously): status, parsed body and the raw text. */
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
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

/** POST /posts as multipart: `image` files plus text fields, as the spec's client sends it. */
export async function postMultipart(
  server: TestServer,
  who: Actor,
  fields: Record<string, string>,
  files: Record<string, Buffer> = {},
) {
  const body = await multipartBody(files, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

let shade = 0;
/** A small JPEG, a different colour each time (distinct content hashes). */
export function jpeg(width = 64, height = 48): Promise<Buffer> {
  shade = (shade + 37) % 256;
  return solidImage(width, height).modulate({ hue: shade }).jpeg().toBuffer();
}

/** A vault item of `owner`, through the real media pipeline. */
export async function vaultImage(server: TestServer, owner: Actor) {
  return ingestMedia(server.ctx, owner.user.id, {
    filename: 'photo.jpg',
    mimetype: 'image/jpeg',
    bytes: await jpeg(),
  });
}

/** A post written straight to the table (fast setup for lists); no media. */
export async function insertPost(
  server: TestServer,
  owner: Pick<UserRow, 'id'>,
  values: Partial<Omit<PostRow, 'id' | 'user_id'>> = {},
): Promise<PostRow> {
  const { model_release_ids, ...rest } = values;
  return server.ctx.db
    .insertInto('posts')
    .values({
      user_id: owner.id,
      caption: 'hello',
      price_cents: null,
      ...rest,
      ...(model_release_ids ? { model_release_ids: JSON.stringify(model_release_ids) } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function purchase(
  server: TestServer,
  buyer: Actor,
  post: { id: string },
  createdAt = new Date(),
) {
  await server.ctx.db
    .insertInto('content_purchases')
    .values({ buyer_id: buyer.user.id, post_id: post.id, price_cents: 500, created_at: createdAt })
    .execute();
}

export async function subscribe(
  server: TestServer,
  fan: Actor,
  creator: Actor,
  periodEnd = new Date(Date.now() + 30 * 86_400_000),
  status: 'active' | 'canceled' | 'expired' = 'active',
) {
  await server.ctx.db
    .insertInto('subscriptions')
    .values({
      subscriber_id: fan.user.id,
      creator_id: creator.user.id,
      status,
      current_period_end: periodEnd,
    })
    .execute();
}

export async function follow(server: TestServer, fan: Actor, creator: Actor) {
  await server.ctx.db
    .insertInto('follows')
    .values({ follower_id: fan.user.id, followee_id: creator.user.id })
    .execute();
}

export async function block(server: TestServer, blocker: Actor, blocked: Actor) {
  await server.ctx.db
    .insertInto('blocks')
    .values({ blocker_id: blocker.user.id, blocked_id: blocked.user.id })
    .execute();
}

/** Every media URL in a response that is not a public teaser: originals, renditions, keys. */
export function clearMediaRefs(text: string): string[] {
  const refs = text.match(/\/api\/media\/[^"\s]*|private\/[^"\s]*/g) ?? [];
  return refs;
}
