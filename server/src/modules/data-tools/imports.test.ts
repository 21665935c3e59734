import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call, exportZip, importFile, makeZip, runJobs } from './data-tools.test-kit.ts';
import { jpeg } from '../posts/posts.test-kit.ts';
import { unsafeEntryName } from './import-archive.ts';
import { runImport } from './imports.service.ts';
import { claimJobRow, touchJobRow } from './data-tools.queries.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

const importsOf = async (who: Awaited<ReturnType<typeof actor>>) =>
  (await call(server, who, 'GET', '/data/imports')).body.imports as Array<{ id: string }>;

/**
 * A one-entry zip built byte by byte, so the test can write what zip libraries refuse: unsafe
 * names, and a header that declares a size the data does not have (the lying-header bomb).
 */
function rawZip(
  name: string,
  content: Buffer,
  options: { deflate?: boolean; declared?: number } = {},
) {
  const data = options.deflate ? deflateRawSync(content) : content;
  const declared = options.declared ?? content.length;
  const crc = options.declared === undefined ? crc32(content) : 0;
  const fileName = Buffer.from(name);
  const method = options.deflate ? 8 : 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const lyingZip = () =>
  rawZip('photo.jpg', Buffer.alloc(50 * 1024 * 1024), { deflate: true, declared: 1000 });

describe('import validation: refused before anything is stored', () => {
  it('refuses path traversal, absolute paths and backslashes in zip entries', async () => {
    const fan = await actor(server);
    const image = await jpeg();
    for (const name of [
      '../evil.jpg',
      'media/../../evil.jpg',
      '/etc/evil.jpg',
      'C:/evil.jpg',
      'media\\..\\evil.jpg',
    ]) {
      const zip = rawZip(name, image);
      const res = await importFile(server, fan, zip, 'media');
      expect(res.status, name).toBe(400);
      expect(res.body.code).toBe('DATA_IMPORT_INVALID');
    }
    expect(unsafeEntryName('a\\..\\b.jpg')).toMatch(/backslash/);
    expect(unsafeEntryName('media/ok.jpg')).toBeNull();
    expect(await importsOf(fan)).toEqual([]);
  });

  it('refuses zip bombs: huge ratios, lying headers, too many entries', async () => {
    const fan = await actor(server);
    const ratio = await makeZip([{ name: 'zeros.jpg', bytes: Buffer.alloc(20 * 1024 * 1024) }]);
    expect(ratio.length).toBeLessThan(100_000);
    const res = await importFile(server, fan, ratio, 'media');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/zip bomb/);

    // passes the directory checks, then fails when the entry inflates past its declared size
    const lying = await importFile(server, fan, lyingZip(), 'media');
    expect(lying.status).toBe(202);
    await runJobs(server);
    const job = await call(server, fan, 'GET', `/data/import/${lying.body.id}`);
    expect(job.body.status).toBe('failed');
    expect(job.body.error).toMatch(/damaged or not what it claims/);
    expect((await call(server, fan, 'GET', '/media')).body.items ?? []).toHaveLength(0);

    const many = await makeZip(
      Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from('x') })),
    );
    const tooMany = await importFile(server, fan, many, 'media');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/more than 1000 entries/);
  });

  it('refuses wrong types and files that do not fit the type (4xx)', async () => {
    const fan = await actor(server);
    const csv = Buffer.from('platform,url\nInstagram,https://instagram.com/sam\n');
    const cases: Array<[Buffer, string | null, number, string]> = [
      [csv, null, 400, 'VALIDATION_FAILED'],
      [csv, 'posts', 400, 'VALIDATION_FAILED'],
      [csv, 'media', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [Buffer.from('not json'), 'profile', 400, 'DATA_IMPORT_INVALID'],
      [Buffer.from('name,link\nx,y\n'), 'social-links', 400, 'DATA_IMPORT_INVALID'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'social-links', 400, 'DATA_IMPORT_INVALID'],
      [await makeZip([{ name: 'notes.txt', bytes: csv }]), 'media', 400, 'DATA_IMPORT_INVALID'],
      [
        await makeZip([{ name: 'a.jpg', bytes: csv }]),
        'social-links',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [await makeZip([{ name: 'a.jpg', bytes: csv }]), 'profile', 400, 'DATA_IMPORT_INVALID'],
      [Buffer.from('PK\x03\x04garbage'), 'media', 400, 'DATA_IMPORT_INVALID'],
    ];
    for (const [bytes, type, status, code] of cases) {
      // one account per case: the route allows 10 imports an hour
      const res = await importFile(server, await actor(server), bytes, type);
      expect(res.status, `${type} ${bytes.subarray(0, 12).toString()}`).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const empty = await importFile(server, fan, Buffer.alloc(0), 'profile');
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect(empty.status).toBe(400);
    const big = await importFile(server, fan, Buffer.alloc(2 * 1024 * 1024, 0x41), 'profile');
    expect(big.status).toBe(413);
    expect(await importsOf(fan)).toEqual([]);
    expect((await importFile(server, null, csv, 'social-links')).status).toBe(401);
  });
});

describe('imports that make sense', () => {
  it('imports a vault media zip with progress and a tally', async () => {
    const fan = await actor(server);
    const zip = await makeZip([
      { name: 'holiday/one.jpg', bytes: await jpeg(), compress: false },
      { name: 'holiday/two.jpg', bytes: await jpeg(), compress: false },
      { name: 'holiday/broken.jpg', bytes: Buffer.from('not really an image') },
      { name: 'notes.txt', bytes: Buffer.from('hello') },
      { name: '__MACOSX/._one.jpg', bytes: Buffer.from('junk') },
    ]);
    const res = await importFile(server, fan, zip, 'media', 'holiday.zip');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'pending',
      type: 'media',
      format: 'zip',
      filename: 'holiday.zip',
      sizeBytes: zip.length,
    });
    await runJobs(server);
    const done = await call(server, fan, 'GET', `/data/import/${res.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.body.result).toMatchObject({ imported: 2, failed: 1, skipped: 2 });
    const items = await server.ctx.db
      .selectFrom('media_items')
      .select('title')
      .where('owner_id', '=', fan.user.id)
      .orderBy('title')
      .execute();
    expect(items.map((i) => i.title)).toEqual(['one', 'two']);
    // the uploaded file is gone once applied
    const row = await server.ctx.db
      .selectFrom('data_imports')
      .select('storage_key')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toBeNull();
  });

  it("round-trips a profile: one account's export imported into another", async () => {
    const source = await actor(server);
    await call(server, source, 'PUT', '/users/me', {
      displayName: 'Sam Export',
      bio: 'Bio to carry over',
      privacy: { showOnline: false },
    });
    await call(server, source, 'POST', '/users/me/social-links', {
      socialLinks: [{ platform: 'Instagram', url: 'https://instagram.com/sam' }],
    });
    const { res } = await exportZip(server, source, 'profile');
    const target = await actor(server);
    const imported = await importFile(server, target, res.rawPayload, 'profile', 'export.zip');
    expect(imported.status).toBe(202);
    await runJobs(server);
    const job = await call(server, target, 'GET', `/data/import/${imported.body.id}`);
    expect(job.body.status).toBe('completed');
    const me = await call(server, target, 'GET', '/users/me');
    expect(me.body).toMatchObject({ displayName: 'Sam Export', bio: 'Bio to carry over' });
    expect(me.body.username).toBe(target.user.username);
    expect(me.body.email).toBe(target.user.email);
    expect(
      me.body.socialLinks.map((l: { platform: string; url: string }) => [l.platform, l.url]),
    ).toEqual([['Instagram', 'https://instagram.com/sam']]);
  });

  it('imports social links from CSV, skipping duplicates and refusing bad urls', async () => {
    const fan = await actor(server);
    const csv = [
      'platform,url',
      'Instagram,https://instagram.com/a',
      'Instagram,https://instagram.com/a',
      'Website,http://insecure.example',
      '"X, formerly Twitter",https://x.com/a',
    ].join('\r\n');
    const res = await importFile(server, fan, Buffer.from(csv), 'social-links', 'links.csv');
    expect(res.status).toBe(202);
    expect(res.body.format).toBe('csv');
    await runJobs(server);
    const job = await call(server, fan, 'GET', `/data/import/${res.body.id}`);
    expect(job.body.result).toMatchObject({ imported: 2, skipped: 1, failed: 1 });
    const me = await call(server, fan, 'GET', '/users/me');
    expect(me.body.socialLinks.map((l: { platform: string }) => l.platform)).toEqual([
      'Instagram',
      'X, formerly Twitter',
    ]);
  });
});

describe('import status, cancel and ownership', () => {
  // no worker here: the test decides when the job runs
  let quiet: TestServer;
  beforeAll(async () => {
    quiet = await createTestServer();
  });
  afterAll(() => quiet.close());

  it('cancel sets status failed; a finished import cannot be cancelled; strangers get 404', async () => {
    const fan = await actor(quiet);
    const stranger = await actor(quiet);
    const csv = Buffer.from('platform,url\nInstagram,https://instagram.com/z\n');
    const pending = await importFile(quiet, fan, csv, 'social-links');
    expect(pending.status).toBe(202);
    for (const [method, url] of [
      ['GET', `/data/import/${pending.body.id}`],
      ['POST', `/data/import/${pending.body.id}/cancel`],
    ] as const) {
      const res = await call(quiet, stranger, method, url);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('DATA_IMPORT_NOT_FOUND');
    }
    expect((await call(quiet, stranger, 'GET', '/data/imports')).body.imports).toEqual([]);
    const cancelled = await call(quiet, fan, 'POST', `/data/import/${pending.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'failed', error: 'Cancelled by user' });
    // the job comes later, finds it cancelled and applies nothing
    await runImport(quiet.ctx, pending.body.id);
    expect((await call(quiet, fan, 'GET', '/users/me')).body.socialLinks).toEqual([]);
    expect(
      (await call(quiet, fan, 'POST', `/data/import/${pending.body.id}/cancel`)).body.status,
    ).toBe('failed');

    const done = await importFile(quiet, fan, csv, 'social-links');
    await runImport(quiet.ctx, done.body.id);
    const refused = await call(quiet, fan, 'POST', `/data/import/${done.body.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DATA_IMPORT_FINISHED');
    const list = (await call(quiet, fan, 'GET', '/data/imports')).body.imports as Array<{
      id: string;
    }>;
    expect(list.map((i) => i.id)).toEqual([done.body.id, pending.body.id]);
  });

  it('a running import stops at its next entry once cancelled', async () => {
    const fan = await actor(quiet);
    const zip = await makeZip([
      { name: 'a.jpg', bytes: await jpeg(), compress: false },
      { name: 'b.jpg', bytes: await jpeg(), compress: false },
    ]);
    const res = await importFile(quiet, fan, zip, 'media');
    // the job claimed it, then the owner cancelled: the heartbeat refuses to go on
    await claimJobRow(quiet.ctx.db, 'data_imports', res.body.id);
    await call(quiet, fan, 'POST', `/data/import/${res.body.id}/cancel`);
    expect(await touchJobRow(quiet.ctx.db, 'data_imports', res.body.id, 50)).toBe(false);
    await runImport(quiet.ctx, res.body.id);
    const items = await quiet.ctx.db
      .selectFrom('media_items')
      .select('id')
      .where('owner_id', '=', fan.user.id)
      .execute();
    expect(items).toEqual([]);
  });
});
