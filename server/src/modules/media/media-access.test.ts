import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { resolveSession } from '../../platform/auth/sessions.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { signFields } from '../../platform/storage/signed-urls.ts';
import { CONTENT_URL_PURPOSE, contentSignatureFields } from './media.presenter.ts';
import {
  getOwnedMedia,
  ingestMedia,
  presentMedia,
  registerMediaAccessResolver,
} from './media.service.ts';
import { actor, detailedImage, secondSession, tamperSig, type Actor } from './media.test-kit.ts';

let server: TestServer;
let owner: Actor;
let fan: Actor;
let item: MediaItemRow;
/** what the test resolver grants: `${mediaId}:${userId}` */
const granted = new Set<string>();

/** The viewer behind an actor's token, as the auth hook resolves it. */
const viewerOf = async (who: Actor) => {
  const resolved = await resolveSession(server.ctx.db, who.token);
  return { userId: who.user.id, sessionId: resolved!.session.id };
};

beforeAll(async () => {
  server = await createTestServer();
  owner = await actor(server);
  fan = await actor(server, 'fan');
  item = await ingestMedia(server.ctx, owner.user.id, {
    filename: 'secret.jpg',
    mimetype: 'image/jpeg',
    bytes: await detailedImage(400, 300),
  });
  registerMediaAccessResolver(async (_db: DbHandle, viewer, mediaId) =>
    viewer ? granted.has(`${mediaId}:${viewer.userId}`) : false,
  );
  registerMediaAccessResolver(async () => {
    throw new Error('a broken resolver grants nothing');
  });
});
afterAll(() => server.close());

const fetchAs = (url: string, who: Actor | null, extra: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...(who?.headers ?? {}), ...extra } });

function expectRefused(res: Awaited<ReturnType<typeof fetchAs>>, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['cache-control']).toBe('private, no-store');
  // not one byte of the image
  expect(res.rawPayload.includes(Buffer.from('WEBP'))).toBe(false);
  expect(res.rawPayload.length).toBeLessThan(300);
  if (code) expect(res.json().code).toBe(code);
}

describe('presentMedia', () => {
  it('locked: only the public teaser, no original or clear rendition URL anywhere', async () => {
    const view = presentMedia(server.ctx, item, { unlocked: false, viewer: await viewerOf(fan) });
    expect(view.mediaUrl).toBeNull();
    expect(view.teaserUrl).toMatch(/^\/api\/files\/public\/teasers\/[0-9a-f]{32}\.webp$/);
    expect(view.thumbnailUrl).toBe(view.teaserUrl);
    const text = JSON.stringify(view);
    for (const leak of [
      '/content',
      'variant=',
      'private/',
      'original',
      'large',
      'small',
      item.owner_id,
    ])
      expect(text).not.toContain(leak);
    expect(view).toMatchObject({ id: item.id, mediaType: 'image', width: 400, height: 300 });
  });

  it('unlocked without a viewer: a visitor URL that opens only what a visitor may see', async () => {
    const view = presentMedia(server.ctx, item, { unlocked: true, viewer: null });
    expect(view.mediaUrl).toContain('variant=large');
    // this vault item is in no public post, so the fetch re-check refuses it with no bytes
    const res = await server.app.inject(view.mediaUrl!);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MEDIA_ACCESS_DENIED');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('unlocked: signed URLs for the 1080 and 320 renditions, bound to the session', async () => {
    const viewer = await viewerOf(owner);
    const view = presentMedia(server.ctx, item, { unlocked: true, viewer });
    expect(view.mediaUrl).toMatch(
      new RegExp(`^/api/media/${item.id}/content\\?variant=large&exp=\\d+&sig=`),
    );
    expect(view.thumbnailUrl).toContain('variant=small');
    // stable within the expiry step: a refetch does not reload images
    expect(presentMedia(server.ctx, item, { unlocked: true, viewer }).mediaUrl).toBe(view.mediaUrl);
  });
});

describe('GET /media/{id}/content', () => {
  it('serves its own session the file, private and not sniffable', async () => {
    const view = presentMedia(server.ctx, item, { unlocked: true, viewer: await viewerOf(owner) });
    const res = await fetchAs(view.mediaUrl!, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // an <img> sends the session cookie, not a bearer token
    const byCookie = await fetchAs(view.mediaUrl!, null, { cookie: `fs_session=${owner.token}` });
    expect(byCookie.statusCode).toBe(200);
  });

  it('fails for another session, another user and no session, with zero bytes', async () => {
    const url = presentMedia(server.ctx, item, {
      unlocked: true,
      viewer: await viewerOf(owner),
    }).mediaUrl!;
    const otherDevice = await secondSession(server, owner);
    expectRefused(await fetchAs(url, otherDevice), 403, 'MEDIA_URL_INVALID');
    expectRefused(await fetchAs(url, fan), 403, 'MEDIA_URL_INVALID');
    expectRefused(await fetchAs(url, null), 403, 'MEDIA_URL_INVALID');
  });

  it('fails after expiry and with a tampered signature, variant or id', async () => {
    const viewer = await viewerOf(owner);
    const past = Math.floor(Date.now() / 1000) - 1;
    const sig = signFields(
      server.ctx.config,
      CONTENT_URL_PURPOSE,
      contentSignatureFields(item.id, 'original', viewer.sessionId, past),
    );
    const expired = `/api/media/${item.id}/content?variant=original&exp=${past}&sig=${sig}`;
    expectRefused(await fetchAs(expired, owner), 403, 'MEDIA_URL_EXPIRED');

    const url = presentMedia(server.ctx, item, { unlocked: true, viewer }).thumbnailUrl!;
    const flipped = tamperSig(url);
    expectRefused(await fetchAs(flipped, owner), 403, 'MEDIA_URL_INVALID');
    expectRefused(await fetchAs(url.replace('variant=small', 'variant=original'), owner), 403);
    expectRefused(
      await fetchAs(
        url.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 300}`),
        owner,
      ),
      403,
    );
    const other = await ingestMedia(server.ctx, owner.user.id, {
      filename: 'b.png',
      mimetype: 'image/png',
      bytes: await detailedImage(20, 20, 'png'),
    });
    expectRefused(await fetchAs(url.replace(item.id, other.id), owner), 403);
    expectRefused(await fetchAs(`/api/media/${item.id}/content?variant=original`, owner), 400);
  });

  it('lets a registered resolver grant a non-owner, checked again at every fetch', async () => {
    const url = presentMedia(server.ctx, item, {
      unlocked: true,
      viewer: await viewerOf(fan),
    }).mediaUrl!;
    expectRefused(await fetchAs(url, fan), 403, 'MEDIA_ACCESS_DENIED');
    granted.add(`${item.id}:${fan.user.id}`);
    const ok = await fetchAs(url, fan);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    granted.delete(`${item.id}:${fan.user.id}`);
    expectRefused(await fetchAs(url, fan), 403, 'MEDIA_ACCESS_DENIED');
  });

  it('is a 404 once the item is deleted', async () => {
    const doomed = await ingestMedia(server.ctx, owner.user.id, {
      filename: 'd.jpg',
      mimetype: 'image/jpeg',
      bytes: await detailedImage(20, 20),
    });
    const url = presentMedia(server.ctx, doomed, {
      unlocked: true,
      viewer: await viewerOf(owner),
    }).mediaUrl!;
    expect((await fetchAs(url, owner)).statusCode).toBe(200);
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/api/media/${doomed.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    expectRefused(await fetchAs(url, owner), 404, 'MEDIA_NOT_FOUND');
  });
});

describe('getOwnedMedia', () => {
  it('returns the owner’s items in the order asked and 404s on anyone else’s', async () => {
    const second = await ingestMedia(server.ctx, owner.user.id, {
      filename: 'two.jpg',
      mimetype: 'image/jpeg',
      bytes: await detailedImage(10, 10),
    });
    const rows = await getOwnedMedia(server.ctx.db, owner.user.id, [second.id, item.id]);
    expect(rows.map((r) => r.id)).toEqual([second.id, item.id]);
    await expect(getOwnedMedia(server.ctx.db, fan.user.id, [item.id])).rejects.toMatchObject({
      statusCode: 404,
      code: 'MEDIA_NOT_FOUND',
      details: { missingIds: [item.id] },
    });
    await expect(getOwnedMedia(server.ctx.db, owner.user.id, ['not-a-uuid'])).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
  });
});
