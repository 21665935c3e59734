import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createCreator,
  createUser,
  tokenFor,
} from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { jpegWithGps, multipartBody, pngImage } from '../../../test/images.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { assertLevel, type RequestAuth } from '../../platform/http/auth-plugin.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import {
  approveVerification,
  listPendingVerifications,
  readVerificationDocument,
  rejectVerification,
} from './verification.service.ts';

let server: TestServer;
let admin: UserRow;
let documents: { idFront: Buffer; idBack: Buffer; selfieWithId: Buffer };

beforeAll(async () => {
  server = await createTestServer();
  admin = await createAdmin(server.ctx);
  const jpeg = await jpegWithGps(640, 400);
  documents = { idFront: jpeg, idBack: await pngImage(640, 400), selfieWithId: jpeg };
});
afterAll(() => server.close());

async function fan(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(server.ctx, overrides);
  return { user, headers: bearer(await tokenFor(server.ctx, user)) };
}

async function submit(headers: Record<string, string>, files: Record<string, Buffer> = documents) {
  const body = await multipartBody(files, { note: 'ignored text field' });
  return server.app.inject({
    method: 'POST',
    url: '/api/users/me/verification',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const reload = (id: string) =>
  server.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The creator-only check of a posting route, for this account as it is now. */
async function creatorCheck(userId: string) {
  const auth = { user: await reload(userId) } as RequestAuth;
  try {
    assertLevel('creator', auth, true);
    return { ok: true as const };
  } catch (error) {
    return {
      ok: false as const,
      error: error as { statusCode: number; toBody(): Record<string, unknown> },
    };
  }
}

describe('submitting', () => {
  it('stores the documents privately without EXIF and marks the account pending', async () => {
    const { user, headers } = await fan();
    const none = await server.app.inject({ url: '/api/users/me/verification', headers });
    expect(none.json()).toEqual({ identityStatus: 'none', submission: null });

    const res = await submit(headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      identityStatus: 'pending',
      submission: { status: 'pending', hasIdBack: true, rejectionReason: null, reviewedAt: null },
    });
    expect((await reload(user.id)).identity_status).toBe('pending');

    const row = await server.ctx.db
      .selectFrom('identity_verifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (const key of [row.id_front_key, row.id_back_key, row.selfie_key]) {
      expect(key).toMatch(/^private\/verification\//);
      const bytes = await getFileStorage(server.ctx.config).get(key!);
      const metadata = await sharp(bytes!).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      // the private namespace has no public route
      expect((await server.app.inject(`/api/files/${key}`)).statusCode).toBe(404);
    }
    const doc = await readVerificationDocument(server.ctx, row.id, 'idFront');
    expect(doc.contentType).toBe('image/webp');
    doc.stream.destroy();

    const status = await server.app.inject({ url: '/api/users/me/verification', headers });
    expect(status.json().submission.id).toBe(row.id);
  });

  it('refuses a second submission while one is pending, also when sent at once', async () => {
    const { user, headers } = await fan();
    const results = await Promise.all([submit(headers), submit(headers)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const again = await submit(headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_PENDING' });
    const rows = await server.ctx.db
      .selectFrom('identity_verifications')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('checks the files: required fields, real images, known fields, multipart', async () => {
    const { user, headers } = await fan();
    const missing = await submit(headers, { idFront: documents.idFront });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'selfieWithId' });
    const fake = await submit(headers, {
      idFront: Buffer.from('%PDF-1.4 not an image'),
      selfieWithId: documents.selfieWithId,
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('INVALID_IMAGE');
    const unknown = await submit(headers, {
      idFront: documents.idFront,
      selfieWithId: documents.selfieWithId,
      passport: documents.idFront,
    });
    expect(unknown.statusCode).toBe(400);
    const huge = await submit(headers, {
      idFront: Buffer.alloc(11 * 1024 * 1024, 1),
      selfieWithId: documents.selfieWithId,
    });
    expect(huge.statusCode).toBe(413);
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/users/me/verification',
      headers,
      payload: { idFront: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // nothing was recorded and nothing left behind
    expect((await reload(user.id)).identity_status).toBe('none');
    // without the optional back side it works
    const ok = await submit(headers, {
      idFront: documents.idFront,
      selfieWithId: documents.selfieWithId,
    });
    expect(ok.json().submission.hasIdBack).toBe(false);
  });

  it('answers a malformed multipart body with a 400, not a 500', async () => {
    const { user, headers } = await fan();
    for (const payload of [
      'garbage',
      '--xx\r\nContent-Disposition: form-data; name="idFront"; filename="a.jpg"\r\n\r\nabc',
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/users/me/verification',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xx' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MALFORMED_BODY' });
    }
    expect((await reload(user.id)).identity_status).toBe('none');
  });

  it('tells a verified creator there is nothing to do', async () => {
    const creator = await createCreator(server.ctx);
    const res = await submit(bearer(await tokenFor(server.ctx, creator)));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_VERIFIED');
  });
});

describe('reviewing', () => {
  it('approval makes the account a verified creator who passes creator-only checks', async () => {
    const { user, headers } = await fan();
    expect((await creatorCheck(user.id)).ok).toBe(false);
    await submit(headers);
    const whilePending = await creatorCheck(user.id);
    expect(whilePending.ok).toBe(false);
    if (!whilePending.ok)
      expect(whilePending.error.toBody()).toMatchObject({ requiresIdentityVerification: true });

    const queue = await listPendingVerifications(server.ctx, { limit: 100 });
    const item = queue.find((q) => q.userId === user.id);
    expect(item).toMatchObject({
      username: user.username,
      documents: ['idFront', 'idBack', 'selfieWithId'],
    });

    const approved = await approveVerification(server.ctx, item!.id, admin.id);
    expect(approved).toMatchObject({ status: 'approved', reviewed_by: admin.id });
    expect(await reload(user.id)).toMatchObject({
      identity_status: 'verified',
      account_type: 'creator',
    });
    expect((await creatorCheck(user.id)).ok).toBe(true);
    // and a real creator-only route now answers
    const price = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/subscription-price',
      headers,
      payload: { price: 9.99 },
    });
    expect(price.statusCode).toBe(200);
    expect(price.json()).toMatchObject({ isCreator: true, isVerified: true });

    const mail = await server.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'mail.send')
      .execute();
    expect(mail.map((m) => m.payload)).toContainEqual(
      expect.objectContaining({ to: user.email, subject: 'Your identity is verified' }),
    );
    expect((await listPendingVerifications(server.ctx)).some((q) => q.id === item!.id)).toBe(false);
    await expect(approveVerification(server.ctx, item!.id, admin.id)).rejects.toMatchObject({
      code: 'VERIFICATION_ALREADY_REVIEWED',
    });
  });

  it('rejection needs a reason; the user stays a fan and may resubmit', async () => {
    const { user, headers } = await fan();
    const submission = (await submit(headers)).json().submission.id as string;
    for (const reason of ['', '  ', 'no']) {
      await expect(
        rejectVerification(server.ctx, submission, admin.id, reason),
      ).rejects.toMatchObject({
        statusCode: 400,
        details: { field: 'reason' },
      });
    }
    const rejected = await rejectVerification(
      server.ctx,
      submission,
      admin.id,
      'The ID photo is blurry',
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The ID photo is blurry',
    });
    expect(await reload(user.id)).toMatchObject({
      identity_status: 'rejected',
      account_type: 'fan',
    });

    const check = await creatorCheck(user.id);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      // a rejected user is offered to become a creator again, not told to wait
      expect(check.error.statusCode).toBe(403);
      expect(check.error.toBody()).toMatchObject({ code: 'ONLY_CREATORS' });
      expect(check.error.toBody()).not.toHaveProperty('requiresIdentityVerification');
    }
    const status = await server.app.inject({ url: '/api/users/me/verification', headers });
    expect(status.json()).toMatchObject({
      identityStatus: 'rejected',
      submission: { status: 'rejected', rejectionReason: 'The ID photo is blurry' },
    });
    const again = await submit(headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().submission.id).not.toBe(submission);
  });

  it('only admins review, never their own submission, and unknown ids are 404', async () => {
    const { headers } = await fan();
    const submission = (await submit(headers)).json().submission.id as string;
    const notAdmin = await createUser(server.ctx);
    await expect(approveVerification(server.ctx, submission, notAdmin.id)).rejects.toMatchObject({
      code: 'ADMIN_REQUIRED',
    });
    await expect(
      rejectVerification(server.ctx, submission, notAdmin.id, 'looks fine to me'),
    ).rejects.toMatchObject({ code: 'ADMIN_REQUIRED' });
    await expect(
      approveVerification(server.ctx, '00000000-0000-4000-8000-000000000000', admin.id),
    ).rejects.toMatchObject({ statusCode: 404 });

    const selfAdmin = await createUser(server.ctx, { is_admin: true });
    const own = (await submit(bearer(await tokenFor(server.ctx, selfAdmin)))).json().submission
      .id as string;
    await expect(approveVerification(server.ctx, own, selfAdmin.id)).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
