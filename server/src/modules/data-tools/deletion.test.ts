import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { vaultImage } from '../posts/posts.test-kit.ts';
import { fund } from '../payments/payments.test-kit.ts';
import { actor, call, exportZip, seedFamilies } from './data-tools.test-kit.ts';
import { runScheduledDeletion } from './deletion.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

const DAY = 86_400_000;

describe('deletion request: 30-day grace, cancellable, then anonymised by a job', () => {
  it('records the request and queues the job at the end of the grace period', async () => {
    const fan = await actor(server);
    expect((await call(server, fan, 'GET', '/data/deletion-request')).body.request).toBeNull();
    const res = await call(server, fan, 'POST', '/data/deletion-request', {
      reason: '  Taking a break  ',
    });
    expect(res.status).toBe(201);
    const request = res.body.request;
    expect(request).toMatchObject({ status: 'pending', reason: 'Taking a break' });
    expect(Date.parse(request.scheduledFor) - Date.parse(request.requestedAt)).toBe(30 * DAY);
    const job = await server.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('dedupe_key', '=', `data.account-deletion:${request.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending' });
    expect(job.run_at.toISOString()).toBe(request.scheduledFor);
    // asking again answers the same request
    const again = await call(server, fan, 'POST', '/data/deletion-request', { reason: 'x' });
    expect(again.status).toBe(200);
    expect(again.body.request.id).toBe(request.id);
    // the account keeps working during the grace period
    expect((await call(server, fan, 'GET', '/users/me')).status).toBe(200);
  });

  it('runs before its time do nothing; a cancelled request is never carried out', async () => {
    const fan = await actor(server);
    const { body } = await call(server, fan, 'POST', '/data/deletion-request', {});
    const id = body.request.id;
    expect(await runScheduledDeletion(server.ctx, id, new Date(Date.now() + 29 * DAY))).toBe(false);
    const cancelled = await call(server, fan, 'DELETE', '/data/deletion-request');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.request).toMatchObject({ id, status: 'cancelled' });
    expect(await runScheduledDeletion(server.ctx, id, new Date(Date.now() + 31 * DAY))).toBe(false);
    const me = await call(server, fan, 'GET', '/users/me');
    expect(me.body.username).toBe(fan.user.username);
    const none = await call(server, fan, 'DELETE', '/data/deletion-request');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('DELETION_REQUEST_NOT_FOUND');
    // a new request can follow a cancelled one
    expect((await call(server, fan, 'POST', '/data/deletion-request', {})).status).toBe(201);
  });

  it('anonymises the account after the grace period with the users deletion service', async () => {
    const creator = await actor(server, 'creator');
    const item = await vaultImage(server, creator);
    const { id: exportId } = await exportZip(server, creator, 'profile');
    const exportKey = (
      await server.ctx.db
        .selectFrom('data_exports')
        .select('storage_key')
        .where('id', '=', exportId)
        .executeTakeFirstOrThrow()
    ).storage_key!;
    const { body } = await call(server, creator, 'POST', '/data/deletion-request', {
      reason: 'done',
    });
    const done = await runScheduledDeletion(
      server.ctx,
      body.request.id,
      new Date(Date.now() + 30 * DAY + 1000),
    );
    expect(done).toBe(true);
    const user = await server.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('deleted');
    expect(user.username).toBe(`deleted_${creator.user.id.replace(/-/g, '')}`);
    expect(user.email).not.toBe(creator.user.email);
    // sessions are gone, so is the vault and the export file
    expect((await call(server, creator, 'GET', '/users/me')).status).toBe(401);
    const media = await server.ctx.db
      .selectFrom('media_items')
      .select('deleted_at')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(media.deleted_at).not.toBeNull();
    expect(await getFileStorage(server.ctx.config).exists(exportKey)).toBe(false);
    const request = await server.ctx.db
      .selectFrom('account_deletion_requests')
      .select(['status', 'completed_at'])
      .where('id', '=', body.request.id)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('completed');
    // running again (a retried job) changes nothing
    expect(await runScheduledDeletion(server.ctx, body.request.id)).toBe(false);
  });

  it('refuses visitors and over-long reasons', async () => {
    expect((await call(server, null, 'POST', '/data/deletion-request', {})).status).toBe(401);
    const fan = await actor(server);
    const res = await call(server, fan, 'POST', '/data/deletion-request', {
      reason: 'x'.repeat(1001),
    });
    expect(res.status).toBe(400);
    expect((await call(server, fan, 'GET', '/data/deletion-request')).body.request).toBeNull();
  });
});

describe('GDPR family', () => {
  it('delete-account erases now with confirmation and says so', async () => {
    const fan = await actor(server);
    const refused = await call(server, fan, 'POST', '/gdpr/delete-account', {});
    expect(refused.status).toBe(400);
    const wrong = await call(server, fan, 'POST', '/gdpr/delete-account', {
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const res = await call(server, fan, 'POST', '/gdpr/delete-account', {
      confirmation: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account deleted successfully');
    expect((await call(server, fan, 'GET', '/users/me')).status).toBe(401);
  });

  it('export is an alias of POST /data/export', async () => {
    const fan = await actor(server);
    const res = await call(server, fan, 'POST', '/gdpr/export', { type: 'profile' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'profile', format: 'json', status: 'pending' });
    const list = await call(server, fan, 'GET', '/data/exports');
    expect(list.body.exports[0].id).toBe(res.body.id);
  });

  it('consent records are append-only history with the latest per type', async () => {
    const fan = await actor(server);
    const other = await actor(server);
    const first = await call(server, fan, 'POST', '/gdpr/consent', {
      type: 'marketing',
      granted: true,
    });
    expect(first.status).toBe(201);
    // consentType is an alias of type
    const aliased = await call(server, fan, 'POST', '/gdpr/consent', {
      consentType: 'analytics',
      granted: true,
    });
    expect(aliased.status).toBe(201);
    await call(server, fan, 'POST', '/gdpr/consent', {
      type: 'marketing',
      granted: false,
      version: '2026-12',
    });
    const state = await call(server, fan, 'GET', '/gdpr/consent');
    expect(state.body.currentVersion).toBe('2026-11');
    expect(
      state.body.current.map((c: { type: string; granted: boolean; version: string }) => [
        c.type,
        c.granted,
        c.version,
      ]),
    ).toEqual([
      ['analytics', true, '2026-11'],
      ['marketing', false, '2026-12'],
    ]);
    expect(state.body.history.map((c: { type: string }) => c.type)).toEqual([
      'marketing',
      'analytics',
      'marketing',
    ]);
    expect(state.body.history[0].timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call(server, other, 'GET', '/gdpr/consent')).body.history).toEqual([]);
    for (const body of [
      { type: 'cookies', granted: true },
      { type: 'marketing' },
      { type: 'marketing', granted: true, version: 'bad version!' },
      { granted: true },
      { consentType: 'cookies', granted: true },
    ])
      expect((await call(server, fan, 'POST', '/gdpr/consent', body)).status).toBe(400);
    // the database refuses to rewrite history
    await expect(
      server.ctx.db
        .updateTable('consent_records')
        .set({ granted: true })
        .where('user_id', '=', fan.user.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    expect((await call(server, null, 'GET', '/gdpr/consent')).status).toBe(401);
  });
});

describe('anonymisation of the newer families', () => {
  it("removes or anonymises the deleted user's personal text and keeps their ledger lines", async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const bystander = await actor(server, 'creator');
    await fund(server, fan, 20);
    const mine = await seedFamilies(server, creator, fan, 'GONE');
    await seedFamilies(server, bystander, fan, 'KEPT');
    const db = server.ctx.db;
    const partnerPost = await db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: 'collab', price_cents: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('collaborations')
      .values({
        post_id: partnerPost.id,
        owner_id: creator.user.id,
        collaborator_id: bystander.user.id,
        split_percent: 20,
      })
      .execute();
    const ledgerBefore = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where((eb) => eb(eb.ref('metadata', '->>').key('creatorId'), '=', creator.user.id))
      .execute();
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const res = await call(server, creator, 'POST', '/gdpr/delete-account', {
      confirmation: 'DELETE',
    });
    expect(res.status, res.text).toBe(200);

    const count = async (
      table:
        | 'creator_notes'
        | 'creator_templates'
        | 'automation_rules'
        | 'qanda_items'
        | 'site_feedback'
        | 'contact_messages'
        | 'tax_documents',
      column: 'creator_id' | 'user_id',
      userId: string,
    ) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(sql<boolean>`${sql.ref(column)} = ${userId}`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    for (const [table, column] of [
      ['creator_notes', 'creator_id'],
      ['creator_templates', 'user_id'],
      ['automation_rules', 'user_id'],
      ['qanda_items', 'creator_id'],
      ['site_feedback', 'user_id'],
      ['contact_messages', 'user_id'],
      ['tax_documents', 'user_id'],
    ] as const) {
      expect(await count(table, column, creator.user.id), table).toBe(0);
      // the other creator's rows are untouched
      expect(await count(table, column, bystander.user.id), table).toBe(1);
    }
    const item = await db
      .selectFrom('wishlist_items')
      .selectAll()
      .where('id', '=', mine.item.id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ title: 'Deleted item', description: '', image_url: null });
    expect(item.deleted_at).not.toBeNull();
    // the funding and its ledger transaction stay (money history)
    const funding = await db
      .selectFrom('wishlist_fundings')
      .select('transaction_id')
      .where('item_id', '=', mine.item.id)
      .executeTakeFirstOrThrow();
    expect(funding.transaction_id).toBe(mine.tipTransactionId);
    const ledgerAfter = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where((eb) => eb(eb.ref('metadata', '->>').key('creatorId'), '=', creator.user.id))
      .execute();
    expect(ledgerAfter.map((t) => t.id).sort()).toEqual(ledgerBefore.map((t) => t.id).sort());

    const suggestion = await db
      .selectFrom('suggestions')
      .select('user_id')
      .where('title', '=', 'GONE-SUGGESTION')
      .executeTakeFirstOrThrow();
    expect(suggestion.user_id).toBeNull();
    const notice = await db
      .selectFrom('dmca_notices')
      .selectAll()
      .where('copyrighted_work', '=', 'GONE-WORK')
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({
      user_id: null,
      claimant_name: '[deleted]',
      signature: '[deleted]',
    });
    expect(notice.email).not.toContain('gone');
    const ticket = await db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', mine.ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ subject: '[deleted]', status: 'closed' });
    const bodies = await db
      .selectFrom('support_ticket_messages')
      .select('body')
      .where('ticket_id', '=', mine.ticketId)
      .execute();
    expect(bodies.map((b) => b.body)).toEqual(['[deleted]']);
    const collab = await db
      .selectFrom('collaborations')
      .select('status')
      .where('post_id', '=', partnerPost.id)
      .executeTakeFirstOrThrow();
    expect(collab.status).toBe('declined');
    const promos = await db
      .selectFrom('promotions')
      .select('ended_at')
      .where('creator_id', '=', creator.user.id)
      .execute();
    expect(promos.every((p) => p.ended_at !== null)).toBe(true);
    const user = await db
      .selectFrom('users')
      .select('profile')
      .where('id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(user.profile).toEqual({});

    // nothing of the deleted creator's text is left anywhere it was written
    const kept = await db
      .selectFrom('wishlist_items')
      .select('title')
      .where('creator_id', '=', bystander.user.id)
      .execute();
    expect(kept.map((k) => k.title)).toEqual(['KEPT-WISH']);
  });
});
