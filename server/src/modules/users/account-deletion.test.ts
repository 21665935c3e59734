import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCreator,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { dataUrl, pngImage } from '../../../test/images.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { keyFromPublicUrl } from '../../platform/storage/keys.ts';
import { anonymisedIdentity } from './account-deletion.service.ts';
import { ingestMedia } from '../media/media.service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const deleteMe = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
  server.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers,
    ...(payload ? { payload } : {}),
  });

describe('DELETE /users/me', () => {
  it('needs the password or the confirmation word', async () => {
    const user = await createUser(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, user));
    const none = await deleteMe(headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('password');
    const wrong = await deleteMe(headers, { password: 'not-the-password' });
    // 400, not 401: a 401 would log the client out (SPEC §8)
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await deleteMe(headers, { confirmation: 'yes' })).statusCode).toBe(400);
    const row = await server.ctx.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('anonymises the account, erases personal data and revokes every session', async () => {
    const user = await createCreator(server.ctx, {
      display_name: 'Real Name',
      bio: 'about me',
      phone_number: '+15550001111',
      preferences: JSON.stringify({ theme: 'dark' }),
      profile: JSON.stringify({ vibe: 'x' }),
      social_links: JSON.stringify([{ id: 'a', platform: 'web', url: 'https://me.example' }]),
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totp_enabled_at: new Date(),
      beta_access_at: new Date(),
      creator_update_text: 'hello',
    });
    const token = await tokenFor(server.ctx, user, 'browser-a');
    const otherToken = await tokenFor(server.ctx, user, 'phone-b');
    const headers = bearer(token);
    const avatarUrl = (
      await server.app.inject({
        method: 'PUT',
        url: '/api/users/me/avatar',
        headers,
        payload: { image: dataUrl(await pngImage(), 'image/png') },
      })
    ).json().avatarUrl as string;
    await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/payout-settings',
      headers,
      payload: { accountHolder: 'Real Name', country: 'DE', iban: 'DE89370400440532013000' },
    });
    await server.ctx.db
      .insertInto('waitlist_entries')
      .values({ email: user.email, user_type: 'creator' })
      .execute();

    const res = await deleteMe(headers, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted successfully' });

    const row = await server.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const hex = user.id.replace(/-/g, '');
    expect(row).toMatchObject({
      username: `deleted_${hex}`,
      email: `deleted+${hex}@invalid`,
      status: 'deleted',
      display_name: null,
      bio: '',
      avatar_url: null,
      banner_url: null,
      phone_number: null,
      totp_secret: null,
      totp_enabled_at: null,
      preferences: {},
      privacy: {},
      profile: {},
      social_links: [],
      creator_update_text: null,
      beta_access_at: null,
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.password_hash).not.toBe(user.password_hash);
    expect(row).toMatchObject(anonymisedIdentity(user.id));

    const sessions = await server.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    for (const t of [token, otherToken]) {
      const me = await server.app.inject({ url: '/api/users/me', headers: bearer(t) });
      expect(me.statusCode).toBe(401);
    }

    expect(
      await server.ctx.db
        .selectFrom('payout_settings')
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
    expect(
      await server.ctx.db
        .selectFrom('waitlist_entries')
        .select('id')
        .where('email', '=', user.email)
        .execute(),
    ).toEqual([]);
    const storage = getFileStorage(server.ctx.config);
    await expect.poll(() => storage.exists(keyFromPublicUrl(avatarUrl)!)).toBe(false);

    // gone for everyone else, and the old username is free again
    expect((await server.app.inject(`/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await server.app.inject(`/api/users/username/${user.username}`)).statusCode).toBe(404);
    await expect(createUser(server.ctx, { username: user.username })).resolves.toBeTruthy();
  });

  it('takes the media vault with it: items hidden at once, files purged by the job', async () => {
    const user = await createCreator(server.ctx);
    const item = await ingestMedia(server.ctx, user.id, {
      filename: 'mine.png',
      mimetype: 'image/png',
      bytes: await pngImage(),
    });
    const storage = getFileStorage(server.ctx.config);
    expect(await storage.exists(item.original_key)).toBe(true);

    const res = await deleteMe(bearer(await tokenFor(server.ctx, user)), {
      confirmation: 'DELETE',
    });
    expect(res.statusCode).toBe(200);
    const row = await server.ctx.db
      .selectFrom('media_items')
      .select('deleted_at')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    const job = await server.ctx.db
      .selectFrom('jobs')
      .select(['type', 'payload'])
      .where('dedupe_key', '=', `media-purge-owner:${user.id}`)
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ ownerId: user.id });

    await server.runtime.queue.handlers.get(job.type)!(job.payload, { attempt: 1 } as never);
    expect(await storage.exists(item.original_key)).toBe(false);
  });

  it('removes the data exports and imports at once and completes a scheduled deletion', async () => {
    const user = await createUser(server.ctx);
    const storage = getFileStorage(server.ctx.config);
    const exportKey = `private/exports/${user.id}/probe.zip`;
    const importKey = `private/imports/${user.id}/probe.json`;
    await storage.put(exportKey, Buffer.from('PK personal data'), 'application/zip');
    await storage.put(importKey, Buffer.from('{}'), 'application/json');
    const db = server.ctx.db;
    await db
      .insertInto('data_exports')
      .values({ user_id: user.id, type: 'all', format: 'json', storage_key: exportKey })
      .execute();
    await db
      .insertInto('data_imports')
      .values({
        user_id: user.id,
        type: 'profile',
        format: 'json',
        storage_key: importKey,
        filename: 'probe.json',
        size_bytes: 2,
      })
      .execute();
    await db
      .insertInto('account_deletion_requests')
      .values({ user_id: user.id, scheduled_for: new Date(Date.now() + 30 * 86_400_000) })
      .execute();

    const res = await deleteMe(bearer(await tokenFor(server.ctx, user)), {
      confirmation: 'DELETE',
    });
    expect(res.statusCode).toBe(200);
    const left = async (table: 'data_exports' | 'data_imports') =>
      db.selectFrom(table).select('id').where('user_id', '=', user.id).execute();
    expect(await left('data_exports')).toEqual([]);
    expect(await left('data_imports')).toEqual([]);
    await expect.poll(() => storage.exists(exportKey)).toBe(false);
    expect(await storage.exists(importKey)).toBe(false);
    const requests = await db
      .selectFrom('account_deletion_requests')
      .select('status')
      .where('user_id', '=', user.id)
      .execute();
    expect(requests).toEqual([{ status: 'completed' }]);
  });

  it('clears the session cookie and accepts the confirmation word', async () => {
    const user = await createUser(server.ctx);
    const res = await deleteMe(bearer(await tokenFor(server.ctx, user)), {
      confirmation: 'DELETE',
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'fs_session');
    expect(cookie?.value).toBe('');
  });
});
