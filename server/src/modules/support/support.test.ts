import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, tokenFor } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { adminTestKit } from '../admin/admin.test-kit.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
let adminHeaders: Record<string, string>;
let adminId: string;
beforeAll(() => {
  ({ server, adminHeaders, adminId } = kit);
});

const open = (headers: Record<string, string>, subject = 'Cannot withdraw my earnings') =>
  call('POST', '/support-tickets', headers, {
    subject,
    category: 'payments',
    message: 'The payout button does nothing.',
  });

describe('support tickets: the user side', () => {
  it('creates, lists (own, newest first) and reads a ticket with its first message', async () => {
    const fan = await asUser();
    const first = await open(fan.headers, '  First   problem ');
    expect(first.status).toBe(201);
    expect(first.body.ticket).toMatchObject({
      subject: 'First problem',
      category: 'payments',
      status: 'open',
      priority: 'normal',
      closedAt: null,
      messagesCount: 1,
      user: { id: fan.user.id, username: fan.user.username },
    });
    const second = await call('POST', '/support-tickets', fan.headers, {
      subject: 'Someone is harassing me',
      category: 'safety',
      message: 'Details here',
    });
    expect(second.body.ticket.priority).toBe('high');
    // without a category it files under 'other'
    const uncategorised = await call('POST', '/support-tickets', fan.headers, {
      subject: 'A question',
      message: 'Where is the help page?',
    });
    expect(uncategorised.status).toBe(201);
    expect(uncategorised.body.ticket).toMatchObject({ category: 'other', priority: 'normal' });
    // someone else's ticket is not in my list
    const other = await asUser('creator');
    await open(other.headers, 'Not yours');

    const list = await call('GET', '/support-tickets', fan.headers);
    expect(list.status).toBe(200);
    expect(list.body.tickets.map((t: { id: string }) => t.id)).toEqual([
      uncategorised.body.ticket.id,
      second.body.ticket.id,
      first.body.ticket.id,
    ]);
    expect(list.body).toMatchObject({ total: 3, page: 1, totalPages: 1, hasMore: false });
    const paged = await call('GET', '/support-tickets?limit=1&page=3', fan.headers);
    expect(paged.body.tickets.map((t: { id: string }) => t.id)).toEqual([first.body.ticket.id]);
    expect(paged.body.totalPages).toBe(3);

    const read = await call('GET', `/support-tickets/${first.body.ticket.id}`, fan.headers);
    expect(read.status).toBe(200);
    expect(read.body.messages).toHaveLength(1);
    expect(read.body.messages[0]).toMatchObject({
      authorId: fan.user.id,
      fromStaff: false,
      body: 'The payout button does nothing.',
      ticketId: first.body.ticket.id,
    });
  });

  it('answers the ticket at the top level too and takes description for the message', async () => {
    const fan = await asUser();
    const created = await call('POST', '/support-tickets', fan.headers, {
      subject: 'Login loop',
      description: 'It keeps asking me to sign in.',
    });
    expect(created.status).toBe(201);
    const { ticket, message, ...top } = created.body;
    expect(message).toMatch(/sent/);
    expect(top).toEqual(ticket);
    expect(top).toMatchObject({ subject: 'Login loop', category: 'other', messagesCount: 1 });

    const read = await call('GET', `/support-tickets/${ticket.id}`, fan.headers);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: ticket.id, subject: 'Login loop', status: 'open' });
    expect(read.body.ticket).toEqual(ticket);
    expect(read.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'It keeps asking me to sign in.',
    ]);
    // message wins over its alias; an empty alias is checked like the message
    const both = await call('POST', '/support-tickets', fan.headers, {
      subject: 'Both given',
      message: 'The message',
      description: 'The description',
    });
    const thread = await call('GET', `/support-tickets/${both.body.id}`, fan.headers);
    expect(thread.body.messages[0].body).toBe('The message');
    const empty = await call('POST', '/support-tickets', fan.headers, {
      subject: 'Empty alias',
      description: '   ',
    });
    expect(empty).toMatchObject({ status: 400, body: { field: 'message' } });
  });

  it("answers 404 for another user's ticket, on every user route", async () => {
    const owner = await asUser();
    const stranger = await asUser();
    const { body } = await open(owner.headers);
    const id = body.ticket.id;
    for (const [method, url, payload] of [
      ['GET', `/support-tickets/${id}`, undefined],
      ['POST', `/support-tickets/${id}/messages`, { message: 'hello' }],
      ['POST', `/support-tickets/${id}/close`, undefined],
    ] as const) {
      const res = await call(method, url, stranger.headers, payload);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(
      (await call('GET', `/support-tickets/${crypto.randomUUID()}`, owner.headers)).status,
    ).toBe(404);
    // the stranger's close attempt changed nothing
    const still = await call('GET', `/support-tickets/${id}`, owner.headers);
    expect(still.body.ticket.status).toBe('open');
    expect(still.body.messages).toHaveLength(1);
  });

  it('refuses visitors and bad input with the field named', async () => {
    const fan = await asUser();
    expect((await call('GET', '/support-tickets', null)).status).toBe(401);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: 'ab', category: 'bug', message: 'x' }, 'subject'],
      [{ subject: 'x'.repeat(141), category: 'bug', message: 'x' }, 'subject'],
      [{ subject: '   a   ', category: 'bug', message: 'x' }, 'subject'],
      [{ subject: 'Valid subject', category: 'billing', message: 'x' }, 'category'],
      [{ subject: 'Valid subject', category: 'bug', message: '' }, 'message'],
      [{ subject: 'Valid subject', category: 'bug', message: '   ' }, 'message'],
      [{ subject: 'Valid subject', category: 'bug', message: 'x'.repeat(5001) }, 'message'],
      [{ subject: 'Valid subject', category: 'bug' }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/support-tickets', fan.headers, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.field).toBe(field);
    }
    expect((await call('GET', '/support-tickets', fan.headers)).body.total).toBe(0);
    expect((await call('GET', '/support-tickets/not-a-uuid', fan.headers)).status).toBe(400);
  });
});

describe('support tickets: rate limit', () => {
  it('limits how many tickets one account opens per hour', async () => {
    const fan = await asUser();
    for (let i = 0; i < 10; i += 1)
      expect((await open(fan.headers, `Request ${i}`)).status).toBe(201);
    const limited = await open(fan.headers, 'One too many');
    expect(limited.status).toBe(429);
    expect((await call('GET', '/support-tickets', fan.headers)).body.total).toBe(10);
    // another account is not affected
    expect((await open((await asUser()).headers)).status).toBe(201);
  });
});

describe('support tickets: staff answer, user follows up, close', () => {
  it('reply → answered, notifies and audits; a follow-up reopens; closed refuses messages', async () => {
    const fan = await asUser();
    const { body } = await open(fan.headers, 'Where is my refund');
    const id: string = body.ticket.id;

    const reply = await call('POST', `/admin/support-tickets/${id}/reply`, adminHeaders, {
      message: 'We refunded you today.',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.ticket.status).toBe('answered');
    expect(reply.body.messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([
      false,
      true,
    ]);
    expect(reply.body.messages[1].authorId).toBe(adminId);

    const notes = await server.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'admin',
      related_type: 'support_ticket',
      related_id: id,
    });
    expect(notes[0]!.data).toMatchObject({ url: `/support/${id}`, ticketId: id });
    expect(String((notes[0]!.data as { message?: string }).message)).toContain(
      'Where is my refund',
    );

    const audits = await server.ctx.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .execute();
    expect(audits.map((a) => [a.action, a.admin_id, a.target_type])).toEqual([
      ['support.reply', adminId, 'support_ticket'],
    ]);

    // the user sees the answer and follows up: open again
    const mine = await call('GET', `/support-tickets/${id}`, fan.headers);
    expect(mine.body.ticket.status).toBe('answered');
    const followUp = await call('POST', `/support-tickets/${id}/messages`, fan.headers, {
      message: 'Still nothing on my card.',
    });
    expect(followUp.status).toBe(201);
    expect(followUp.body.ticket.status).toBe('open');
    expect(followUp.body.messages).toHaveLength(3);

    const badClose = await call('POST', `/admin/support-tickets/${id}/close`, adminHeaders, {
      reason: 'x'.repeat(501),
    });
    expect(badClose.status).toBe(400);
    expect(badClose.body.field).toBe('reason');

    const closed = await call('POST', `/admin/support-tickets/${id}/close`, adminHeaders, {
      reason: 'Refund confirmed by the bank',
    });
    expect(closed.status).toBe(200);
    expect(closed.body.ticket).toMatchObject({
      status: 'closed',
      closeReason: 'Refund confirmed by the bank',
    });
    expect(closed.body.ticket.closedAt).not.toBeNull();
    const actions = await server.ctx.db
      .selectFrom('admin_audit_log')
      .select(['action', 'reason'])
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'support.reply', reason: null },
      { action: 'support.close', reason: 'Refund confirmed by the bank' },
    ]);

    const refused = await call('POST', `/support-tickets/${id}/messages`, fan.headers, {
      message: 'one more thing',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/closed/i);
    const staffRefused = await call('POST', `/admin/support-tickets/${id}/reply`, adminHeaders, {
      message: 'late answer',
    });
    expect(staffRefused.status).toBe(409);
    expect((await call('POST', `/admin/support-tickets/${id}/close`, adminHeaders)).status).toBe(
      409,
    );
    const final = await call('GET', `/support-tickets/${id}`, fan.headers);
    expect(final.body.messages).toHaveLength(3);
    expect(final.body.ticket.status).toBe('closed');
  });

  it('lets the user close their own ticket, after which follow-ups are refused', async () => {
    const fan = await asUser();
    const { body } = await open(fan.headers);
    const id: string = body.ticket.id;
    const closed = await call('POST', `/support-tickets/${id}/close`, fan.headers);
    expect(closed.status).toBe(200);
    expect(closed.body.ticket.status).toBe('closed');
    expect((await call('POST', `/support-tickets/${id}/close`, fan.headers)).status).toBe(409);
    const refused = await call('POST', `/support-tickets/${id}/messages`, fan.headers, {
      message: 'again',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
  });

  it('validates staff replies and answers 404 for unknown tickets', async () => {
    const fan = await asUser();
    const { body } = await open(fan.headers);
    const empty = await call(
      'POST',
      `/admin/support-tickets/${body.ticket.id}/reply`,
      adminHeaders,
      {
        message: '',
      },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('message');
    const missing = crypto.randomUUID();
    expect((await call('GET', `/admin/support-tickets/${missing}`, adminHeaders)).status).toBe(404);
    expect(
      (
        await call('POST', `/admin/support-tickets/${missing}/reply`, adminHeaders, {
          message: 'hi',
        })
      ).status,
    ).toBe(404);
    const read = await call('GET', `/admin/support-tickets/${body.ticket.id}`, adminHeaders);
    expect(read.status).toBe(200);
    expect(read.body.ticket.user.id).toBe(fan.user.id);
    expect(read.body.messages).toHaveLength(1);
  });
});

describe('the admin queue', () => {
  it('refuses visitors, fans, creators and admins without 2FA on every admin route', async () => {
    const fan = await asUser();
    const creator = await asUser('creator');
    const no2fa = await createAdmin(server.ctx, { totp_secret: null, totp_enabled_at: null });
    const no2faHeaders = bearer(await tokenFor(server.ctx, no2fa));
    const { body } = await open(fan.headers);
    const id: string = body.ticket.id;
    const routes = [
      ['GET', '/admin/support-tickets', undefined],
      ['GET', `/admin/support-tickets/${id}`, undefined],
      ['POST', `/admin/support-tickets/${id}/reply`, { message: 'hi' }],
      ['POST', `/admin/support-tickets/${id}/close`, {}],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).status, url).toBe(401);
      expect((await call(method, url, fan.headers, payload)).status, url).toBe(403);
      expect((await call(method, url, creator.headers, payload)).status, url).toBe(403);
      const res = await call(method, url, no2faHeaders, payload);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('ADMIN_2FA_REQUIRED');
    }
    const after = await call('GET', `/support-tickets/${id}`, fan.headers);
    expect(after.body.ticket.status).toBe('open');
    expect(after.body.messages).toHaveLength(1);
  });

  it('pages oldest waiting first, filters by status and searches subject and username', async () => {
    const a = await asUser();
    const b = await asUser();
    const t1 = (await open(a.headers, 'Queue alpha')).body.ticket.id as string;
    const t2 = (await open(b.headers, 'Queue bravo')).body.ticket.id as string;
    const t3 = (await open(a.headers, 'Queue charlie')).body.ticket.id as string;
    await call('POST', `/admin/support-tickets/${t1}/reply`, adminHeaders, { message: 'ok' });
    await call('POST', `/admin/support-tickets/${t2}/close`, adminHeaders, {});

    const search = (q: string, extra = '') =>
      call('GET', `/admin/support-tickets?search=${encodeURIComponent(q)}${extra}`, adminHeaders);
    const ids = (res: { body: { tickets: Array<{ id: string }> } }) =>
      res.body.tickets.map((t) => t.id);

    // default: not closed, open ones before answered ones, oldest first
    const queue = await search('Queue ');
    expect(queue.status).toBe(200);
    expect(ids(queue)).toEqual([t3, t1]);
    expect(queue.body.total).toBe(2);
    expect(ids(await search('Queue ', '&status=closed'))).toEqual([t2]);
    expect(ids(await search('Queue ', '&status=answered'))).toEqual([t1]);
    expect(ids(await search('Queue ', '&status=all'))).toEqual([t3, t1, t2]);
    const page2 = await search('Queue ', '&status=all&limit=2&page=2');
    expect(ids(page2)).toEqual([t2]);
    expect(page2.body).toMatchObject({ total: 3, totalPages: 2, page: 2, hasMore: false });
    // by username (case-insensitive), and special characters are literal
    expect(ids(await search(b.user.username.toUpperCase(), '&status=all'))).toEqual([t2]);
    expect(ids(await search('%', '&status=all'))).toEqual([]);
    expect((await call('GET', '/admin/support-tickets?status=pending', adminHeaders)).status).toBe(
      400,
    );
  });
});
