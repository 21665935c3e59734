import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { dataUrl, jpegWithGps, multipartBody, pngImage } from '../../../test/images.ts';
import { actor, call, postMultipart, type Actor } from '../posts/posts.test-kit.ts';
import { createSession } from '../../platform/auth/sessions.ts';
import { bearer } from '../../../test/factories.ts';
import { signedRelease } from './releases.test-kit.ts';

let server: TestServer;
let creator: Actor;
let signature: string;
let idPhoto: Buffer;

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  signature = dataUrl(await pngImage(120, 40), 'image/png');
  idPhoto = await jpegWithGps(400, 300);
});
afterAll(() => server.close());

const modelFields = (overrides: Record<string, string> = {}) => ({
  modelName: 'Alex Co-Star',
  modelDob: '1995-06-15',
  idType: 'passport',
  idNumber: 'X1234-5678',
  signatureDataUrl: signature,
  ...overrides,
});

async function send(
  url: string,
  who: Actor | null,
  fields: Record<string, string>,
  files: Record<string, Buffer>,
) {
  const body = await multipartBody(files, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...(who?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

const createSigned = (who: Actor, fields = {}, files?: Record<string, Buffer>) =>
  send(
    '/releases',
    who,
    { ...modelFields(), creatorSignatureDataUrl: signature, ...fields },
    files ?? { idPhotoFront: idPhoto, modelHoldingIdPhoto: idPhoto },
  );

describe('POST /releases', () => {
  it('stores a signed release; ID images are private, re-encoded and GPS-free', async () => {
    const res = await createSigned(creator);
    expect(res.status).toBe(201);
    const release = res.body.release;
    expect(release).toMatchObject({
      modelName: 'Alex Co-Star',
      modelDob: '1995-06-15',
      idType: 'passport',
      idNumber: '••••5678',
      status: 'signed',
      idPhotoBack: null,
      consentUrl: null,
      signatureDataUrl: signature,
    });
    expect(release.releaseId).toBe(release.id);
    expect(res.text).not.toContain('X1234');

    const own = await server.app.inject({
      method: 'GET',
      url: release.idPhotoFront,
      headers: creator.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const stranger = await actor(server, 'creator');
    const denied = await server.app.inject({
      method: 'GET',
      url: release.idPhotoFront,
      headers: stranger.headers,
    });
    expect(denied.statusCode).toBe(404);
    expect(denied.headers['cache-control']).toBe('private, no-store');
    const anonymous = await server.app.inject({ method: 'GET', url: release.idPhotoFront });
    expect(anonymous.statusCode).toBe(401);

    const admin = await createAdmin(server.ctx);
    const { token } = await createSession(server.ctx.db, admin.id, {
      ttlDays: 1,
      userAgent: 't',
      ip: '127.0.0.1',
    });
    const asAdmin = await server.app.inject({
      method: 'GET',
      url: release.idPhotoFront,
      headers: bearer(token),
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('requires every field; only the back of the ID is optional', async () => {
    for (const missing of [
      'modelName',
      'modelDob',
      'idType',
      'idNumber',
      'signatureDataUrl',
      'creatorSignatureDataUrl',
    ]) {
      const fields: Record<string, string> = {
        ...modelFields(),
        creatorSignatureDataUrl: signature,
      };
      delete fields[missing];
      const res = await send('/releases', creator, fields, {
        idPhotoFront: idPhoto,
        modelHoldingIdPhoto: idPhoto,
      });
      expect(res.status, missing).toBe(400);
      expect(res.body.field, missing).toBe(missing);
    }
    const noHolding = await createSigned(creator, {}, { idPhotoFront: idPhoto });
    expect(noHolding.status).toBe(400);
    expect(noHolding.body.field).toBe('modelHoldingIdPhoto');
    const withBack = await createSigned(
      creator,
      {},
      { idPhotoFront: idPhoto, idPhotoBack: idPhoto, modelHoldingIdPhoto: idPhoto },
    );
    expect(withBack.status).toBe(201);
    expect(withBack.body.release.idPhotoBack).toMatch(/\/files\/idPhotoBack$/);
  });

  it('refuses minors, impossible dates, non-image signatures, and fans', async () => {
    const year = new Date().getUTCFullYear();
    const minor = await createSigned(creator, { modelDob: `${year - 17}-01-01` });
    expect(minor.status).toBe(400);
    expect(minor.body.message).toContain('at least 18');
    expect((await createSigned(creator, { modelDob: '1990-02-30' })).status).toBe(400);
    const badSig = await createSigned(creator, { signatureDataUrl: 'data:text/html;base64,PGI+' });
    expect(badSig.status).toBe(400);
    const fan = await actor(server);
    const asFan = await createSigned(fan);
    expect(asFan.status).toBe(403);
    const before = await server.ctx.db.selectFrom('model_releases').select('id').execute();
    expect((await createSigned(creator, { idNumber: '!' })).status).toBe(400);
    const after = await server.ctx.db.selectFrom('model_releases').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('pending releases and the consent link', () => {
  it('lets a co-performer sign once through the link, without an account', async () => {
    const invite = await call(server, creator, 'POST', '/releases/pending', {
      modelName: 'Sam Guest',
    });
    expect(invite.status).toBe(201);
    expect(invite.body.release).toMatchObject({ status: 'pending', modelName: 'Sam Guest' });
    const token = new URL(invite.body.consentUrl).pathname.split('/').pop()!;
    expect(invite.body.release.consentUrl).toBe(invite.body.consentUrl);

    const view = await call(server, null, 'GET', `/releases/consent/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      modelName: 'Sam Guest',
      status: 'pending',
      creatorUsername: creator.user.username,
    });
    expect(view.body.terms).toContain('18');

    // a post cannot name a release that is still waiting for its signature
    const early = await call(server, creator, 'POST', '/posts', {
      caption: 'hi',
      modelReleaseIds: [invite.body.release.id],
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('RELEASE_NOT_SIGNED');

    const signed = await send(
      `/releases/consent/${token}`,
      null,
      modelFields({ modelName: 'Sam Guest' }),
      {
        idPhotoFront: idPhoto,
        modelHoldingIdPhoto: idPhoto,
      },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe('signed');
    const again = await send(`/releases/consent/${token}`, null, modelFields(), {
      idPhotoFront: idPhoto,
      modelHoldingIdPhoto: idPhoto,
    });
    expect(again.status).toBe(404);

    const list = await call(server, creator, 'GET', '/releases/list');
    const mine = list.body.releases.find((r: { id: string }) => r.id === invite.body.release.id);
    expect(mine).toMatchObject({ status: 'signed', consentUrl: null, idNumber: '••••5678' });

    const post = await call(server, creator, 'POST', '/posts', {
      caption: 'with Sam',
      modelReleaseIds: [mine.id],
    });
    expect(post.status).toBe(201);
    expect(post.body.modelReleaseIds).toEqual([mine.id]);
  });

  it('rejects unknown and expired links', async () => {
    expect((await call(server, null, 'GET', `/releases/consent/${'a'.repeat(43)}`)).status).toBe(
      404,
    );
    const invite = await call(server, creator, 'POST', '/releases/pending', { modelName: 'Late' });
    await server.ctx.db
      .updateTable('model_releases')
      .set({ consent_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invite.body.release.id)
      .execute();
    const token = new URL(invite.body.consentUrl).pathname.split('/').pop()!;
    const res = await call(server, null, 'GET', `/releases/consent/${token}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('CONSENT_LINK_INVALID');
  });
});

describe('list, revoke and posts', () => {
  it('revokes only your own; posts cannot name revoked, foreign or unknown releases', async () => {
    const other = await actor(server, 'creator');
    const mine = await signedRelease(server, creator.user.id);
    const theirs = await signedRelease(server, other.user.id);

    expect((await call(server, other, 'DELETE', `/releases/${mine}`)).status).toBe(404);
    const foreign = await call(server, creator, 'POST', '/posts', {
      caption: 'x',
      modelReleaseIds: [theirs],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('RELEASE_NOT_FOUND');
    const junk = await call(server, creator, 'POST', '/posts', {
      caption: 'x',
      modelReleaseIds: ['rel-1'],
    });
    expect(junk.status).toBe(400);

    expect((await call(server, creator, 'DELETE', `/releases/${mine}`)).status).toBe(200);
    expect((await call(server, creator, 'DELETE', `/releases/${mine}`)).status).toBe(200);
    const list = await call(server, creator, 'GET', '/releases/list');
    expect(list.body.releases.map((r: { id: string }) => r.id)).not.toContain(mine);
    const revoked = await call(server, creator, 'POST', '/posts', {
      caption: 'x',
      modelReleaseIds: [mine],
    });
    expect(revoked.status).toBe(400);
    expect(revoked.body.message).toContain('revoked');

    const multipart = await postMultipart(server, creator, {
      caption: 'y',
      modelReleaseIds: JSON.stringify([mine]),
    });
    expect(multipart.status).toBe(400);
  });

  it('is for creators only', async () => {
    const fan = await actor(server);
    expect((await call(server, fan, 'GET', '/releases/list')).status).toBe(403);
    expect((await call(server, null, 'GET', '/releases/list')).status).toBe(401);
  });
});
