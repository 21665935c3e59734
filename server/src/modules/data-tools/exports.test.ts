import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import {
  actor,
  call,
  exportZip,
  runJobs,
  seedFamilies,
  seedWorlds,
} from './data-tools.test-kit.ts';
import { expireExport, runExport } from './exports.service.ts';
import { claimJobRow } from './data-tools.queries.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

type Row = Record<string, unknown>;
const rowsOf = (files: Map<string, Buffer>, name: string) =>
  JSON.parse(files.get(`data/${name}.json`)!.toString()) as Row[];

describe('data export: the zip of a seeded creator', () => {
  it('holds their posts, media files, messages and ledger lines, and nothing of other users', async () => {
    const w = await seedWorlds(server);
    // the newer families: the creator's own rows, and the same kinds of the other creator
    const partner = await actor(server, 'creator');
    await server.ctx.db
      .insertInto('collaborations')
      .values({
        post_id: w.post.id,
        owner_id: w.creator.user.id,
        collaborator_id: partner.user.id,
        split_percent: 20,
        status: 'accepted',
      })
      .execute();
    await seedFamilies(server, w.creator, w.fan, 'FAM');
    await seedFamilies(server, w.other, w.fan, 'SECRET-OTHER');
    const { id, res, files } = await exportZip(server, w.creator, 'all', 'json');

    // SPEC §9: a zip download named for the user and the date, only for the owner
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fanspace-export-${w.creator.user.username}-${new Date().toISOString().slice(0, 10)}.zip"`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    expect(files.has('manifest.json')).toBe(true);
    expect(files.has('README.txt')).toBe(true);
    const account = rowsOf(files, 'account')[0]!;
    expect(account).toMatchObject({ id: w.creator.user.id, email: w.creator.user.email });

    const posts = rowsOf(files, 'posts');
    expect(posts.map((p) => p.caption)).toEqual(['Sunset set #golden']);
    expect(posts[0]!.mediaFiles).toEqual([`media/${w.postImage.id}.webp`]);

    // the creator's own media: every live vault item, byte for byte as stored
    const storage = getFileStorage(server.ctx.config);
    for (const item of [w.postImage, w.chatImage, w.vaultOnly]) {
      const inZip = files.get(`media/${item.id}.webp`);
      expect(inZip, item.id).toBeDefined();
      expect(inZip!.equals((await storage.get(item.original_key))!)).toBe(true);
    }
    const mediaEntries = [...files.keys()].filter((k) => k.startsWith('media/'));
    expect(mediaEntries).toHaveLength(3);

    const messages = rowsOf(files, 'messages');
    expect(messages.map((m) => m.text)).toEqual([
      'Hi Maya, love the sunsets',
      'Thanks! Here is one',
    ]);
    expect(messages[0]).toMatchObject({ from: w.fan.user.username, fromMe: false, mediaFiles: [] });
    expect(messages[1]).toMatchObject({
      fromMe: true,
      mediaFiles: [`media/${w.chatImage.id}.webp`],
    });

    const ledger = rowsOf(files, 'ledger_lines');
    const tipLine = ledger.find((l) => l.type === 'tip');
    expect(tipLine).toMatchObject({ direction: 'in', counterparty: w.fan.user.username });
    expect(rowsOf(files, 'subscribers')).toEqual([
      expect.objectContaining({ username: w.fan.user.username, status: 'active' }),
    ]);
    expect(rowsOf(files, 'followers').map((f) => f.username)).toEqual([w.fan.user.username]);
    // fans appear by username and dates only
    expect(Object.keys(rowsOf(files, 'subscribers')[0]!).sort()).toEqual(
      ['currentPeriodEnd', 'displayName', 'since', 'status', 'username'].sort(),
    );

    // wishlist, Q and A, promotions, tax documents, statements, creator kit, collaborations,
    // rights notices, suggestions, feedback, contact and support: the creator's rows only
    expect(rowsOf(files, 'wishlist_items')).toEqual([
      expect.objectContaining({ title: 'FAM-WISH', goalAmount: 100, fundedAmount: 5 }),
    ]);
    expect(rowsOf(files, 'wishlist_tips')).toEqual([
      expect.objectContaining({
        direction: 'received',
        itemTitle: 'FAM-WISH',
        counterparty: w.fan.user.username,
        amount: 5,
      }),
    ]);
    expect(rowsOf(files, 'qanda')).toEqual([
      expect.objectContaining({ question: 'FAM-QUESTION', answer: 'FAM-ANSWER' }),
    ]);
    expect(rowsOf(files, 'promotions').map((p) => p.title)).toEqual(['FAM-PROMO']);
    expect(rowsOf(files, 'promo_codes').map((c) => c.percentOff)).toEqual([10]);
    expect(rowsOf(files, 'tax_documents')).toEqual([
      expect.objectContaining({ title: 'FAM-TAXDOC', year: 2026, filename: 'w9.pdf' }),
    ]);
    const year = rowsOf(files, 'earnings_statements')[0]!;
    expect(year.year).toBe(new Date().getUTCFullYear());
    expect(year.gross).toBeGreaterThan(0);
    expect(rowsOf(files, 'creator_notes')).toEqual([
      expect.objectContaining({ fan: w.fan.user.username, note: 'FAM-NOTE-ABOUT-FAN' }),
    ]);
    expect(rowsOf(files, 'templates').map((t) => t.body)).toEqual(['FAM-TEMPLATE-BODY']);
    expect(rowsOf(files, 'widgets')).toEqual([
      expect.objectContaining({ title: 'FAM-WIDGET', type: 'about', config: { text: 'hi' } }),
    ]);
    expect(rowsOf(files, 'automation_rules')).toEqual([
      expect.objectContaining({
        name: 'FAM-RULE',
        action: expect.objectContaining({ text: 'FAM-RULE-TEXT' }),
      }),
    ]);
    expect(rowsOf(files, 'collaborations')).toEqual([
      expect.objectContaining({
        role: 'owner',
        postId: w.post.id,
        with: partner.user.username,
        splitPercent: 20,
      }),
    ]);
    expect(rowsOf(files, 'dmca_notices').map((d) => d.copyrightedWork)).toEqual(['FAM-WORK']);
    expect(rowsOf(files, 'suggestions').map((x) => x.title)).toEqual(['FAM-SUGGESTION']);
    expect(rowsOf(files, 'site_feedback').map((x) => x.message)).toEqual(['FAM-FEEDBACK']);
    expect(rowsOf(files, 'contact_messages').map((x) => x.message)).toEqual([
      'FAM-CONTACT-MESSAGE',
    ]);
    expect(rowsOf(files, 'support_tickets').map((x) => x.subject)).toEqual(['FAM-TICKET']);

    // the fan's download holds the tips they gave, never a creator's notes about them
    const fanDoc = await server.app.inject({
      method: 'GET',
      url: '/api/data/personal-data',
      headers: w.fan.headers,
    });
    const fanData = fanDoc.json() as Record<string, Row[]>;
    expect(fanData.wishlist_tips!.map((t) => [t.direction, t.itemTitle]).sort()).toEqual([
      ['given', 'FAM-WISH'],
      ['given', 'SECRET-OTHER-WISH'],
    ]);
    expect(fanData.creator_notes).toEqual([]);
    expect(fanDoc.body.includes('NOTE-ABOUT-FAN')).toBe(false);
    // the collaborator sees the collaboration from their side
    const partnerDoc = await server.app.inject({
      method: 'GET',
      url: '/api/data/personal-data',
      headers: partner.headers,
    });
    expect((partnerDoc.json() as Record<string, Row[]>).collaborations).toEqual([
      expect.objectContaining({ role: 'collaborator', with: w.creator.user.username }),
    ]);

    // nothing of the other creator, nor the fan's private side, in any entry
    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [
      'SECRET-OTHER',
      'secret-other',
      'SECRET-OTHER-CAPTION',
      'SECRET-FAN-TO-OTHER',
      'SECRET-OTHER-REPLY',
      w.other.user.username,
      w.other.user.id,
      w.otherImage.id,
      w.otherPost.id,
      w.fanImage.id,
      w.fan.user.email,
      w.other.user.email,
    ])
      expect(everything.includes(secret), secret).toBe(false);

    // the list and the single export answer the finished job
    const listed = await call(server, w.creator, 'GET', '/data/exports');
    expect(listed.body.exports[0]).toMatchObject({
      id,
      status: 'completed',
      progress: 100,
      type: 'all',
      format: 'json',
      downloadUrl: `/api/data/export/${id}/download`,
    });
    expect(listed.body.exports[0].sizeBytes).toBe(res.rawPayload.length);
  }, 120_000);

  it('writes CSV files when asked, with formulas defused', async () => {
    const creator = await actor(server, 'creator');
    await server.ctx.db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: '=HYPERLINK("http://x")', price_cents: null })
      .execute();
    const { files } = await exportZip(server, creator, 'posts', 'csv');
    const csv = files.get('data/posts.csv')!.toString();
    expect(csv.split('\r\n')[0]).toBe(
      'id,caption,type,accessLevel,price,hashtags,likes,comments,views,mediaFiles,createdAt,publishedAt,updatedAt',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect([...files.keys()].sort()).toEqual([
      'README.txt',
      'data/comments.csv',
      'data/likes.csv',
      'data/posts.csv',
      'manifest.json',
    ]);
  });

  it('gives each type its own sections (a fan has no subscribers)', async () => {
    const w = await seedWorlds(server);
    const { files } = await exportZip(server, w.fan, 'subscribers');
    expect(rowsOf(files, 'subscribers')).toEqual([]);
    const profile = await exportZip(server, w.fan, 'profile');
    expect([...profile.files.keys()].filter((k) => k.startsWith('data/')).sort()).toEqual([
      'data/account.json',
      'data/settings.json',
      'data/social_links.json',
    ]);
  });
});

describe('data export: owner only, lifecycle and limits', () => {
  it("answers 404 for another user's export on every route and 401 to visitors", async () => {
    const owner = await actor(server, 'creator');
    const stranger = await actor(server);
    const { id } = await exportZip(server, owner, 'profile');
    for (const [method, url] of [
      ['GET', `/data/export/${id}`],
      ['GET', `/data/export/${id}/download`],
      ['DELETE', `/data/export/${id}`],
    ] as const) {
      const res = await call(server, stranger, method, url);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('DATA_EXPORT_NOT_FOUND');
      expect((await call(server, null, method, url)).status).toBe(401);
    }
    expect((await call(server, stranger, 'GET', '/data/exports')).body.exports).toEqual([]);
    // still there for its owner
    expect((await call(server, owner, 'GET', `/data/export/${id}`)).body.status).toBe('completed');
    expect((await call(server, owner, 'GET', '/data/export/not-a-uuid')).status).toBe(400);
  });

  it('refuses unknown types and formats and changes nothing', async () => {
    const fan = await actor(server);
    for (const body of [{ type: 'everything' }, { format: 'xml' }, { type: 'all', extra: 1 }]) {
      const res = await call(server, fan, 'POST', '/data/export', body);
      if ('extra' in body) expect(res.status).toBe(202);
      else expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const list = await call(server, fan, 'GET', '/data/exports');
    expect(list.body.exports).toHaveLength(1);
  });

  it('defaults to all/json, limits running exports, reports pending status before the job', async () => {
    const fan = await actor(server);
    const first = await call(server, fan, 'POST', '/data/export');
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({
      status: 'pending',
      type: 'all',
      format: 'json',
      progress: 0,
      downloadUrl: null,
    });
    const notReady = await call(server, fan, 'GET', `/data/export/${first.body.id}/download`);
    expect(notReady.status).toBe(409);
    expect(notReady.body.code).toBe('DATA_EXPORT_NOT_READY');
    expect((await call(server, fan, 'POST', '/data/export', { type: 'posts' })).status).toBe(202);
    const third = await call(server, fan, 'POST', '/data/export', { type: 'media' });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('LIMIT_REACHED');
    await runJobs(server);
    expect((await call(server, fan, 'POST', '/data/export', { type: 'media' })).status).toBe(202);
    await runJobs(server);
  });

  it('deletes the file with the export, and expires old exports', async () => {
    const fan = await actor(server);
    const storage = getFileStorage(server.ctx.config);
    const a = await exportZip(server, fan, 'profile');
    const keyOf = async (id: string) =>
      (
        await server.ctx.db
          .selectFrom('data_exports')
          .select('storage_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).storage_key!;
    const keyA = await keyOf(a.id);
    expect(await storage.exists(keyA)).toBe(true);
    expect((await call(server, fan, 'DELETE', `/data/export/${a.id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(await storage.exists(keyA)).toBe(false);
    expect((await call(server, fan, 'GET', `/data/export/${a.id}`)).status).toBe(404);

    const b = await exportZip(server, fan, 'profile');
    const keyB = await keyOf(b.id);
    const row = await call(server, fan, 'GET', `/data/export/${b.id}`);
    const expires = Date.parse(row.body.expiresAt);
    expect(expires - Date.parse(row.body.completedAt)).toBe(7 * 24 * 3600_000);
    // the expiry job is queued for that time
    const job = await server.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('dedupe_key', '=', `data-export-expire:${b.id}`)
      .executeTakeFirstOrThrow();
    expect(job.run_at.getTime()).toBe(expires);
    expect(await expireExport(server.ctx, b.id, new Date(expires - 1000))).toBe(false);
    expect(await expireExport(server.ctx, b.id, new Date(expires + 1000))).toBe(true);
    expect(await storage.exists(keyB)).toBe(false);
  });

  it('stops an export deleted while it runs and leaves no file behind', async () => {
    const quiet = await createTestServer();
    try {
      const creator = await actor(quiet, 'creator');
      const requested = await call(quiet, creator, 'POST', '/data/export', { type: 'profile' });
      // a worker claims it, then the owner deletes it
      await claimJobRow(quiet.ctx.db, 'data_exports', requested.body.id);
      expect(
        (await call(quiet, creator, 'DELETE', `/data/export/${requested.body.id}`)).status,
      ).toBe(200);
      await runExport(quiet.ctx, requested.body.id);
      const storage = getFileStorage(quiet.ctx.config);
      expect(
        await storage.exists(`private/exports/${creator.user.id}/${requested.body.id}.zip`),
      ).toBe(false);
    } finally {
      await quiet.close();
    }
  });

  it('pages the list newest first with a cursor', async () => {
    const fan = await actor(server);
    const ids: string[] = [];
    for (const type of ['profile', 'followers', 'posts']) {
      ids.push((await exportZip(server, fan, type)).id);
    }
    const first = await call(server, fan, 'GET', '/data/exports?limit=2');
    expect(first.body.exports.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const second = await call(
      server,
      fan,
      'GET',
      `/data/exports?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.exports.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('every data tools route', () => {
  it('refuses visitors with 401 Not authenticated', async () => {
    const id = crypto.randomUUID();
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['POST', '/data/export'],
      ['POST', '/gdpr/export'],
      ['GET', '/data/exports'],
      ['GET', `/data/export/${id}`],
      ['GET', `/data/export/${id}/download`],
      ['DELETE', `/data/export/${id}`],
      ['POST', '/data/import'],
      ['GET', '/data/imports'],
      ['GET', `/data/import/${id}`],
      ['POST', `/data/import/${id}/cancel`],
      ['POST', '/data/sync'],
      ['POST', '/data/clear-cache'],
      ['POST', '/data/optimize-storage'],
      ['GET', '/data/storage-usage'],
      ['POST', '/data/cleanup'],
      ['GET', '/data/retention-settings'],
      ['PUT', '/data/retention-settings'],
      ['GET', '/data/personal-data'],
      ['GET', '/data/deletion-request'],
      ['POST', '/data/deletion-request'],
      ['DELETE', '/data/deletion-request'],
      ['POST', '/gdpr/delete-account'],
      ['DELETE', '/gdpr/delete-account'],
      ['GET', '/gdpr/consent'],
      ['POST', '/gdpr/consent'],
    ];
    for (const [method, url] of routes) {
      const res = await server.app.inject({ method, url: `/api${url}` });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Not authenticated');
    }
  });
});

describe('personal data download', () => {
  it('is one JSON file of everything held about the caller, named for them', async () => {
    const w = await seedWorlds(server);
    await call(server, w.fan, 'POST', '/gdpr/consent', { type: 'marketing', granted: true });
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/data/personal-data',
      headers: w.fan.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="fanspace-personal-data-${w.fan.user.username.replace('.', '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    const doc = res.json() as Record<string, Row[]> & { username: string };
    expect(doc.username).toBe(w.fan.user.username);
    expect(doc.account![0]!.email).toBe(w.fan.user.email);
    expect(doc.sessions!.length).toBeGreaterThan(0);
    expect(doc.consents!.map((c) => c.type)).toEqual(['marketing']);
    expect(doc.subscriptions![0]).toMatchObject({ creator: w.creator.user.username });
    expect(doc.media!.map((m) => m.id)).toEqual([w.fanImage.id]);
    const text = res.body;
    expect(text.includes(w.creator.user.email)).toBe(false);
    expect(text.includes(w.other.user.email)).toBe(false);
    expect((await call(server, null, 'GET', '/data/personal-data')).status).toBe(401);
  });
});
