import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createCreator,
  createUser,
  tokenFor,
} from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { adminTestKit } from './admin.test-kit.ts';
import { pngImage, multipartBody } from '../../../test/images.ts';
import { actor } from '../posts/posts.test-kit.ts';
import { fund, paidPost, pay } from '../payments/payments.test-kit.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
let adminHeaders: Record<string, string>;
let adminId: string;
beforeAll(() => {
  ({ server, adminHeaders, adminId } = kit);
});

const auditActions = async (targetId: string) =>
  (
    await server.ctx.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('who may use /api/admin', () => {
  it('refuses visitors, fans, creators and admins without 2FA', async () => {
    const fan = await asUser();
    const creator = await asUser('creator');
    const no2fa = await createAdmin(server.ctx, { totp_secret: null, totp_enabled_at: null });
    const no2faHeaders = bearer(await tokenFor(server.ctx, no2fa));
    for (const url of [
      '/admin/users',
      '/admin/reports',
      '/admin/posts',
      '/admin/settings',
      '/admin/activity',
    ]) {
      expect((await call('GET', url, null)).status, url).toBe(401);
      expect((await call('GET', url, fan.headers)).status, url).toBe(403);
      expect((await call('GET', url, creator.headers)).status, url).toBe(403);
      const res = await call('GET', url, no2faHeaders);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('ADMIN_2FA_REQUIRED');
      expect((await call('GET', url)).status, url).toBe(200);
    }
    expect(
      (await call('POST', `/admin/users/${fan.user.id}/ban`, creator.headers, {})).status,
    ).toBe(403);
  });
});

describe('every /api/admin route', () => {
  it('refuses visitors, fans, creators and admins without 2FA (from the OpenAPI document)', async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
          // any id is fine: authorisation runs before the route looks anything up
          url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        })),
      );
    expect(routes.length).toBeGreaterThan(40);
    const fan = await asUser();
    const creator = await asUser('creator');
    const no2fa = await createAdmin(server.ctx, { totp_secret: null, totp_enabled_at: null });
    const no2faHeaders = bearer(await tokenFor(server.ctx, no2fa));
    for (const route of routes) {
      const as = (headers?: Record<string, string>) =>
        server.app.inject({
          method: route.method,
          url: route.url,
          ...(headers ? { headers } : {}),
        });
      const label = `${route.method} ${route.url}`;
      expect((await as()).statusCode, label).toBe(401);
      expect((await as(fan.headers)).statusCode, label).toBe(403);
      expect((await as(creator.headers)).statusCode, label).toBe(403);
      const admin = await as(no2faHeaders);
      expect(admin.statusCode, label).toBe(403);
      expect(admin.json().code, label).toBe('ADMIN_2FA_REQUIRED');
    }
  });
});

describe('users', () => {
  it('lists with paging (20 by default) and filters', async () => {
    const creator = await createCreator(server.ctx, { username: `zed_${Date.now() % 100000}` });
    const page = await call('GET', '/admin/users');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, currentPage: 1 });
    expect(page.body.users.length).toBeLessThanOrEqual(20);
    const found = await call('GET', `/admin/users?search=${creator.username}&role=creator`);
    expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([creator.id]);
    expect(found.body.users[0]).toMatchObject({
      isCreator: true,
      status: 'active',
      email: creator.email,
    });
    expect((await call('GET', '/admin/users?limit=0')).status).toBe(400);
  });

  it('ban ends the sessions at once and login says why; unban restores', async () => {
    const { user, headers } = await asUser();
    expect((await call('GET', '/users/me', headers)).status).toBe(200);
    const ban = await call('POST', `/admin/users/${user.id}/ban`, adminHeaders, { reason: 'Spam' });
    expect(ban.status).toBe(200);
    expect(ban.body).toMatchObject({
      message: 'User updated successfully!',
      user: { status: 'banned', statusReason: 'Spam' },
    });
    expect((await call('GET', '/users/me', headers)).status).toBe(401);
    const login = await call('POST', '/auth/login', null, {
      email: user.email,
      password: 'password-for-tests',
    });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('ACCOUNT_BANNED');
    expect((await call('POST', `/admin/users/${user.id}/unban`)).body.user.status).toBe('active');
    expect(await auditActions(user.id)).toEqual(['user.ban', 'user.unban']);
  });

  it('suspends for hours or a duration, refuses nonsense, and unsuspends', async () => {
    const { user } = await asUser();
    const bad = await call('POST', `/admin/users/${user.id}/suspend`, adminHeaders, {
      duration: 'soon',
    });
    expect(bad.status).toBe(400);
    const res = await call('POST', `/admin/users/${user.id}/suspend`, adminHeaders, {
      duration: '7d',
      reason: 'Cool off',
    });
    expect(res.status).toBe(200);
    const until = new Date(res.body.user.suspendedUntil).getTime();
    expect(Math.abs(until - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    const byHours = await call('POST', `/admin/users/${user.id}/suspend`, adminHeaders, {
      hours: 2,
    });
    expect(new Date(byHours.body.user.suspendedUntil).getTime()).toBeLessThan(
      Date.now() + 3 * 3_600_000,
    );
    expect(
      (await call('POST', `/admin/users/${user.id}/unsuspend`, adminHeaders, {})).body.user.status,
    ).toBe('active');
    expect((await call('POST', `/admin/users/${user.id}/unsuspend`, adminHeaders, {})).status).toBe(
      409,
    );
  });

  it('shows an ended suspension as active in the list, its filters and the dashboard', async () => {
    const { user } = await asUser();
    const search = `&search=${user.username}`;
    await call('POST', `/admin/users/${user.id}/suspend`, adminHeaders, { hours: 1, reason: 'x' });
    const suspendedBefore = (await call('GET', '/admin/dashboard')).body.users.suspended;
    // the hour has passed: the user may log in again, the row still says 'suspended'
    await server.ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 60_000) })
      .where('id', '=', user.id)
      .execute();

    const one = await call('GET', `/admin/users/${user.id}`);
    expect(one.body.user).toMatchObject({
      status: 'active',
      suspendedUntil: null,
      statusReason: null,
    });
    const active = await call('GET', `/admin/users?status=active${search}`);
    expect(active.body.users.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect(active.body.users[0].status).toBe('active');
    expect((await call('GET', `/admin/users?status=suspended${search}`)).body.users).toEqual([]);
    expect((await call('GET', '/admin/dashboard')).body.users.suspended).toBe(suspendedBefore - 1);
  });

  it('refuses to suspend a banned account, which would lift the ban when it ran out', async () => {
    const { user } = await asUser();
    await call('POST', `/admin/users/${user.id}/ban`, adminHeaders, { reason: 'Fraud' });
    const res = await call('POST', `/admin/users/${user.id}/suspend`, adminHeaders, { hours: 1 });
    expect(res.status).toBe(409);
    expect((await call('GET', `/admin/users/${user.id}`)).body.user).toMatchObject({
      status: 'banned',
      statusReason: 'Fraud',
      suspendedUntil: null,
    });
  });

  it('warns (the user is notified), verifies, promotes and edits', async () => {
    const { user, headers } = await asUser();
    expect((await call('POST', `/admin/users/${user.id}/warn`, adminHeaders, {})).status).toBe(400);
    const warn = await call('POST', `/admin/users/${user.id}/warn`, adminHeaders, {
      reason: 'Be kind',
    });
    expect(warn.body.user.warningsCount).toBe(1);
    const notes = await call('GET', '/notifications', headers);
    expect(notes.body.notifications[0]).toMatchObject({ type: 'admin' });
    expect(JSON.stringify(notes.body.notifications[0].data)).toContain('Be kind');

    expect(
      (await call('POST', `/admin/users/${user.id}/promote`, adminHeaders, { hours: 5 })).status,
    ).toBe(400);
    const verify = await call('POST', `/admin/users/${user.id}/verify`, adminHeaders, {});
    expect(verify.body.user).toMatchObject({ isVerified: true, isCreator: true });
    const promote = await call('POST', `/admin/users/${user.id}/promote`, adminHeaders, {
      hours: 5,
    });
    expect(promote.body.user.isPromoted).toBe(true);
    const viewer = await asUser();
    const promoted = await call('GET', '/users/promoted-creators', viewer.headers);
    expect(JSON.stringify(promoted.body)).toContain(user.id);
    const cancel = await call('POST', `/admin/users/${user.id}/cancel-promotion`, adminHeaders, {});
    expect(cancel.body.user.isPromoted).toBe(false);

    const edit = await call('PUT', `/admin/users/${user.id}`, adminHeaders, {
      displayName: 'Edited Name',
    });
    expect(edit.body.user.displayName).toBe('Edited Name');
    const other = await createUser(server.ctx);
    const taken = await call('PUT', `/admin/users/${user.id}`, adminHeaders, {
      username: other.username,
    });
    expect(taken.status).toBe(409);
    expect(await auditActions(user.id)).toEqual([
      'user.warn',
      'user.verify',
      'user.promote',
      'user.cancel-promotion',
      'user.update',
    ]);

    // usernames: the profile's own rule, unique regardless of case, kept as typed
    const upper = await call('PUT', `/admin/users/${user.id}`, adminHeaders, {
      username: other.username.toUpperCase(),
    });
    expect(upper.status).toBe(409);
    const bad = await call('PUT', `/admin/users/${user.id}`, adminHeaders, { username: 'a b' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Username must be 3–30 characters long and use only letters, digits, underscores and dots',
    );
    const typed = `Maya.Lens_${user.id.slice(0, 6)}`;
    const renamed = await call('PUT', `/admin/users/${user.id}`, adminHeaders, { username: typed });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.username).toBe(typed);
  });

  it('protects admins and the acting admin from lock-outs', async () => {
    expect((await call('POST', `/admin/users/${adminId}/ban`, adminHeaders, {})).status).toBe(400);
    const other = await createAdmin(server.ctx);
    expect((await call('POST', `/admin/users/${other.id}/ban`, adminHeaders, {})).status).toBe(403);
    expect(
      (await call('PUT', `/admin/users/${adminId}`, adminHeaders, { isAdmin: false })).status,
    ).toBe(400);
    expect(
      (
        await call(
          'POST',
          `/admin/users/00000000-0000-4000-8000-000000000000/ban`,
          adminHeaders,
          {},
        )
      ).status,
    ).toBe(404);
  });

  it('deletes (anonymises) and exports users as CSV and JSON', async () => {
    const { user } = await asUser();
    const del = await call('DELETE', `/admin/users/${user.id}`, adminHeaders, { reason: 'Fraud' });
    expect(del.status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('users')
      .select(['status', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('deleted');
    expect(row.email).not.toBe(user.email);

    const csv = await call('GET', '/admin/export/users?format=csv');
    expect(csv.res.headers['content-type']).toContain('text/csv');
    expect(csv.res.headers['content-disposition']).toContain('attachment');
    const lines = csv.res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,username,displayName,email,accountType,isAdmin,status,identityStatus,followersCount,postsCount,createdAt,lastLoginAt',
    );
    expect(csv.res.body).not.toContain(user.id);
    const json = await call('GET', '/admin/export/users?format=json');
    expect(Array.isArray(json.body.users)).toBe(true);
  });

  it('DELETE /users/{id}: your own account with its confirmation, any account as an admin', async () => {
    const fan = await asUser();
    const other = await asUser();
    const statusOf = async (id: string) =>
      (
        await server.ctx.db
          .selectFrom('users')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;

    // someone else's account: refused, nothing changes
    const refused = await call('DELETE', `/users/${other.user.id}`, fan.headers, {
      confirmation: 'DELETE',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own account');
    expect(refused.body.code).toBe('ADMIN_REQUIRED');
    expect(await statusOf(other.user.id)).not.toBe('deleted');
    expect((await call('DELETE', '/users/not-an-id', fan.headers)).status).toBe(400);
    expect((await call('DELETE', `/users/${fan.user.id}`, null)).status).toBe(401);

    // one's own: as DELETE /users/me, the password or the confirmation is required
    const unconfirmed = await call('DELETE', `/users/${fan.user.id}`, fan.headers);
    expect(unconfirmed.status).toBe(400);
    expect(await statusOf(fan.user.id)).not.toBe('deleted');
    const own = await call('DELETE', `/users/${fan.user.id}`, fan.headers, {
      confirmation: 'DELETE',
    });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe('Account deleted successfully');
    expect(await statusOf(fan.user.id)).toBe('deleted');
    expect((await call('GET', '/users/me', fan.headers)).status).toBe(401);

    // an admin: the admin deletion, audit-logged; an unknown account is a 404
    const byAdmin = await call('DELETE', `/users/${other.user.id}`, adminHeaders, {
      reason: 'Fraud',
    });
    expect(byAdmin.status).toBe(200);
    expect(await statusOf(other.user.id)).toBe('deleted');
    expect(await auditActions(other.user.id)).toContain('user.delete');
    expect(
      (await call('DELETE', '/users/00000000-0000-4000-8000-000000000000', adminHeaders)).status,
    ).toBe(404);
  });
});

describe('reports and content', () => {
  it('a fan reports a post; the admin resolves it by deleting the post; the creator is told', async () => {
    const creator = await asUser('creator');
    const fan = await asUser();
    const fan2 = await asUser();
    const post = await server.ctx.db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: 'reported post' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await call('POST', '/reports', fan.headers, {
      type: 'post',
      targetId: post.id,
      reason: 'Spam',
    });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ ok: true, status: 'pending' });
    const again = await call('POST', '/reports', fan.headers, {
      type: 'post',
      targetId: post.id,
      reason: 'Spam',
    });
    expect(again.body.reportId).toBe(report.body.reportId);
    expect(
      (
        await call('POST', '/reports', creator.headers, {
          type: 'post',
          targetId: post.id,
          reason: 'x',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/reports', fan.headers, {
          type: 'bogus',
          targetId: post.id,
          reason: 'x',
        })
      ).status,
    ).toBe(400);

    // SPEC §3's Report fields name the target too (postId, or id), and the answer carries them
    const byPostId = await call('POST', '/reports', fan2.headers, {
      type: 'post',
      postId: post.id,
      reason: 'Scam',
      details: 'asks for money',
    });
    expect(byPostId.status).toBe(201);
    expect(byPostId.body).toEqual({
      ok: true,
      reportId: byPostId.body.id,
      id: expect.any(String),
      type: 'post',
      targetId: post.id,
      reason: 'Scam',
      details: 'asks for money',
      postId: post.id,
      chatId: null,
      status: 'pending',
    });
    const byId = await call('POST', '/reports', fan2.headers, {
      type: 'post',
      id: post.id,
      reason: 'Scam',
    });
    expect(byId.body.id).toBe(byPostId.body.id);
    const unnamed = await call('POST', '/reports', fan2.headers, { type: 'post', reason: 'Scam' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('Say which post is reported: targetId (or id, or postId)');

    const list = await call('GET', '/admin/reports');
    const mine = list.body.reports.find((r: { id: string }) => r.id === report.body.reportId);
    expect(mine).toMatchObject({
      status: 'pending',
      type: 'post',
      reporter: { id: fan.user.id },
      targetUser: { id: creator.user.id },
    });
    const reported = await call('GET', '/admin/posts?reported=true');
    expect(reported.body.posts.map((p: { id: string }) => p.id)).toContain(post.id);

    const resolved = await call(
      'POST',
      `/admin/reports/${report.body.reportId}/resolve`,
      adminHeaders,
      {
        action: 'delete_content',
        notes: 'Spam link',
      },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.message).toBe('Report resolved successfully');
    expect(resolved.body.report).toMatchObject({
      status: 'resolved',
      action: 'delete_content',
      notes: 'Spam link',
    });
    expect((await call('GET', `/posts/${post.id}`, fan.headers)).status).toBe(404);
    const notes = await call('GET', '/notifications', creator.headers);
    expect(notes.body.notifications[0]).toMatchObject({ type: 'admin', relatedId: post.id });
    expect(
      (
        await call('POST', `/admin/reports/${report.body.reportId}/resolve`, adminHeaders, {
          action: 'dismiss',
        })
      ).status,
    ).toBe(409);
  });

  it('dismisses, deletes posts and comments directly, and logs each action', async () => {
    const creator = await asUser('creator');
    const fan = await asUser();
    const post = await server.ctx.db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: 'fine post' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const comment = await call('POST', `/posts/${post.id}/comments`, fan.headers, { text: 'rude' });
    expect(comment.status).toBe(201);
    const report = await call('POST', '/reports', creator.headers, {
      type: 'comment',
      targetId: comment.body.id,
      reason: 'Abuse',
    });
    const dismissed = await call(
      'POST',
      `/admin/reports/${report.body.reportId}/resolve`,
      adminHeaders,
      { action: 'dismiss' },
    );
    expect(dismissed.body.message).toBe('Report dismissed successfully');

    const listed = await call('GET', `/admin/posts/${post.id}/comments`);
    expect(listed.body.comments).toMatchObject([
      { id: comment.body.id, text: 'rude', isDeleted: false, user: { id: fan.user.id } },
    ]);
    const delComment = await call(
      'DELETE',
      `/admin/posts/${post.id}/comments/${comment.body.id}`,
      adminHeaders,
    );
    expect(delComment.body).toMatchObject({ ok: true });
    const comments = await call('GET', `/posts/${post.id}/comments`, creator.headers);
    expect(JSON.stringify(comments.body)).not.toContain('"rude"');
    const after = await call('GET', `/admin/posts/${post.id}/comments`);
    expect(after.body.comments[0]).toMatchObject({ isDeleted: true, text: '' });
    const unknownPost = await call('GET', `/admin/posts/${randomUUID()}/comments`);
    expect(unknownPost.status).toBe(404);
    expect(unknownPost.body).toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    const delPost = await call('DELETE', `/admin/posts/${post.id}`, adminHeaders, {
      reason: 'Off-topic',
    });
    expect(delPost.body).toMatchObject({ ok: true, message: 'Post deleted by admin.' });
    expect((await call('DELETE', `/admin/posts/${post.id}`, adminHeaders)).status).toBe(404);
    // a deleted post's comments stay reviewable
    expect((await call('GET', `/admin/posts/${post.id}/comments`)).status).toBe(200);
    expect(await auditActions(post.id)).toEqual(['post.delete']);
    expect(await auditActions(comment.body.id)).toEqual(['comment.delete']);
  });
});

describe('moderation queue', () => {
  it('rejects (removes) reported posts in bulk and reports what failed', async () => {
    const creator = await asUser('creator');
    const [a, b] = [await asUser(), await asUser()];
    const posts = await server.ctx.db
      .insertInto('posts')
      .values([
        { user_id: creator.user.id, caption: 'spam one' },
        { user_id: creator.user.id, caption: 'spam two' },
      ])
      .returning('id')
      .execute();
    const ids: string[] = [];
    for (const [who, post] of [
      [a, posts[0]!],
      [b, posts[0]!],
      [a, posts[1]!],
    ] as const) {
      const r = await call('POST', '/reports', who.headers, {
        type: 'post',
        targetId: post.id,
        reason: 'Spam',
      });
      ids.push(r.body.reportId);
    }
    const missing = '00000000-0000-4000-8000-000000000001';
    const bulk = await call('POST', '/admin/reports/bulk-resolve', adminHeaders, {
      reportIds: [...ids, missing],
      action: 'delete_content',
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ resolved: 3, failed: [{ id: missing }] });
    for (const post of posts)
      expect((await call('GET', `/posts/${post.id}`, a.headers)).status).toBe(404);
    const open = await call('GET', '/admin/reports?status=pending&limit=100');
    expect(open.body.reports.map((r: { id: string }) => r.id)).not.toContain(ids[0]);
    expect(
      (
        await call('POST', '/admin/reports/bulk-resolve', adminHeaders, {
          reportIds: [],
          action: 'dismiss',
        })
      ).status,
    ).toBe(400);
  });
});

describe('verifications', () => {
  async function submitVerification(fan: { headers: Record<string, string> }) {
    const form = await multipartBody(
      { idFront: await pngImage(), selfieWithId: await pngImage() },
      {},
    );
    const submitted = await server.app.inject({
      method: 'POST',
      url: '/api/users/me/verification',
      headers: { ...fan.headers, ...form.headers },
      payload: form.payload,
    });
    expect(submitted.statusCode).toBe(201);
  }

  it('lists pending submissions with short-lived document URLs; approve and reject (with reason)', async () => {
    const fan = await asUser();
    await submitVerification(fan);
    const pending = await call('GET', '/admin/verifications/pending');
    const item = pending.body.submissions.find((s: { userId: string }) => s.userId === fan.user.id);
    expect(item.status).toBe('pending');
    const doc = await server.app.inject({ url: item.documents.idFront, headers: adminHeaders });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['cache-control']).toBe('private, no-store');
    const tampered = await server.app.inject({
      url: item.documents.idFront.replace(/sig=[^&]+/, 'sig=x'),
      headers: adminHeaders,
    });
    expect(tampered.statusCode).toBe(403);
    const otherAdmin = await createAdmin(server.ctx);
    const borrowed = await server.app.inject({
      url: item.documents.idFront,
      headers: bearer(await tokenFor(server.ctx, otherAdmin)),
    });
    expect(borrowed.statusCode).toBe(403);
    expect(await auditActions(item.id)).toEqual(['verification.view-document']);

    expect(
      (
        await call('PUT', `/admin/verification-submissions/${item.id}`, adminHeaders, {
          status: 'rejected',
        })
      ).status,
    ).toBe(400);
    const rejected = await call('PUT', `/admin/verification-submissions/${item.id}`, adminHeaders, {
      status: 'rejected',
      reason: 'Blurry photo',
    });
    expect(rejected.body.verification).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Blurry photo',
    });
    expect(
      (await call('POST', `/admin/verifications/${item.id}/approve`, adminHeaders)).status,
    ).toBe(409);
  });

  it('verifying the account from the users list settles its pending submission', async () => {
    const fan = await asUser();
    await submitVerification(fan);
    const verified = await call('POST', `/admin/users/${fan.user.id}/verify`, adminHeaders, {});
    expect(verified.body.user).toMatchObject({ isVerified: true, isCreator: true });
    const pending = await call('GET', '/admin/verifications/pending');
    expect(pending.body.submissions.map((s: { userId: string }) => s.userId)).not.toContain(
      fan.user.id,
    );
    const [submission] = (
      await call('GET', '/admin/verification-submissions?status=approved')
    ).body.submissions.filter((s: { userId: string }) => s.userId === fan.user.id);
    expect(submission).toMatchObject({ status: 'approved' });
    // nothing left to reject that would undo the verification
    const reject = await call(
      'PUT',
      `/admin/verification-submissions/${submission.id}`,
      adminHeaders,
      { status: 'rejected', reason: 'Too late' },
    );
    expect(reject.status).toBe(409);
    const user = await server.ctx.db
      .selectFrom('users')
      .select('identity_status')
      .where('id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(user.identity_status).toBe('verified');
  });
});

describe('platform', () => {
  it('reads and changes settings; the fee applies to the next charge', async () => {
    const before = await call('GET', '/admin/settings');
    expect(before.body).toMatchObject({ feePercent: 20, betaRequired: false });
    expect((await call('PUT', '/admin/settings', adminHeaders, { feePercent: 80 })).status).toBe(
      400,
    );
    expect((await call('PUT', '/admin/settings', adminHeaders, {})).status).toBe(400);
    const after = await call('PUT', '/admin/settings', adminHeaders, {
      feePercent: 12.5,
      proPackPrice: 14.99,
    });
    expect(after.body).toMatchObject({ feePercent: 12.5, proPackPrice: 14.99 });
    const fee = await server.ctx.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', 'feePercent')
      .executeTakeFirstOrThrow();
    expect(fee.value).toBe(12.5);
    const log = await call('GET', '/admin/activity?action=settings.update');
    expect(log.body.activities[0].details.feePercent).toEqual({ from: 20, to: 12.5 });
    await call('PUT', '/admin/settings', adminHeaders, { feePercent: 20 });
  });

  it('switches features off and applies limits, then back on', async () => {
    const settings = await call('GET', '/admin/settings');
    expect(settings.body).toMatchObject({
      features: { registrationsOpen: true, tips: true, paidMessages: true, massMessages: true },
      limits: { massMessagesPerDay: 5 },
    });
    const off = await call('PUT', '/admin/settings', adminHeaders, {
      features: { registrationsOpen: false, tips: false },
      limits: { massMessagesPerDay: 0 },
    });
    // a partial update keeps the other switches
    expect(off.body.features).toEqual({
      registrationsOpen: false,
      tips: false,
      paidMessages: true,
      massMessages: true,
    });
    const signup = await call('POST', '/auth/signup', null, {
      username: `closed${Date.now() % 100000}`,
      email: `closed${Date.now()}@example.com`,
      password: 'a long enough password 1',
    });
    expect(signup.status).toBe(403);
    expect(signup.body.code).toBe('SIGNUPS_CLOSED');
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    await fund(server, fan, 10);
    const tip = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 2,
      tipType: 'profile',
    });
    expect(tip.status).toBe(403);
    expect(tip.body.code).toBe('FEATURE_UNAVAILABLE');
    const mass = await call('POST', '/chats/mass-messages', creator.headers, {
      text: 'Hello all',
      segment: 'followers',
    });
    expect(mass.status).toBe(429);
    expect(mass.body.code).toBe('LIMIT_REACHED');

    await call('PUT', '/admin/settings', adminHeaders, {
      features: { registrationsOpen: true, tips: true },
      limits: { massMessagesPerDay: 5 },
    });
    const again = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 2,
      tipType: 'profile',
    });
    expect(again.status).toBe(201);
  });

  it('sends system notifications to a list or a segment', async () => {
    const a = await asUser();
    const bad = await call('POST', '/admin/notifications/system', adminHeaders, {
      message: 'hi',
      targetUsers: ['nobody_here'],
    });
    expect(bad.status).toBe(400);
    const sent = await call('POST', '/admin/notifications/system', adminHeaders, {
      message: 'Maintenance tonight',
      targetUsers: [a.user.username],
    });
    expect(sent.body.recipients).toBe(1);
    const notes = await call('GET', '/notifications', a.headers);
    expect(notes.body.notifications[0]).toMatchObject({ type: 'system', actorId: '{hash}' });
  });

  it('shows logs, growth stats, the dashboard and the waitlist', async () => {
    const logs = await call('GET', '/admin/system/logs?limit=5');
    expect(logs.status).toBe(200);
    expect(Array.isArray(logs.body.logs)).toBe(true);
    const growth = await call('GET', '/admin/growth-stats?days=7');
    expect(growth.body.daily).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(growth.body.daily[6].date).toBe(today);
    expect(growth.body.daily[6].signups).toBeGreaterThan(0);
    const dash = await call('GET', '/admin/dashboard');
    expect(dash.body.users.total).toBeGreaterThan(0);
    const entry = await server.ctx.db
      .insertInto('waitlist_entries')
      .values({ email: `wait${Date.now()}@example.com`, user_type: 'creator' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const waitlist = await call('GET', '/admin/waitlist');
    expect(waitlist.body).toMatchObject({ page: 1 });
    expect(waitlist.body.entries[0]).toMatchObject({ email: entry.email, invitedAt: null });
    const invite = await call('POST', `/admin/waitlist/${entry.id}/invite`);
    expect(invite.body.message).toBe(`Beta invite sent to ${entry.email}`);
    const mail = await server.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'mail.send')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.payload).toMatchObject({ to: entry.email });
    expect(String(mail.payload.text)).toMatch(/Your beta code: \S+/);
    expect((await call('POST', '/admin/waitlist/999999999/invite')).status).toBe(404);
  });

  it('keeps the audit log append-only in the database', async () => {
    await expect(
      sql`update admin_audit_log set reason = 'rewritten'`.execute(server.ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit_log`.execute(server.ctx.db)).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('money', () => {
  it('lists ledger transactions with entries, creator earnings, and grants free pro', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    await fund(server, fan, 20);
    const post = await paidPost(server, creator, 1000);
    const unlock = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`);
    expect(unlock.status).toBe(200);

    const txs = await call('GET', `/admin/transactions?userId=${creator.user.id}`);
    expect(txs.status).toBe(200);
    expect(txs.body.transactions).toHaveLength(1);
    const [charge] = txs.body.transactions;
    expect(charge).toMatchObject({ kind: 'unlock', amount: 10 });
    const sum = charge.entries.reduce(
      (s: number, e: { amountCents: number }) => s + e.amountCents,
      0,
    );
    expect(sum).toBe(0);
    expect(charge.entries).toContainEqual({
      account: 'user_wallet',
      owner: { id: fan.user.id, username: fan.user.username },
      amount: -10,
      amountCents: -1000,
    });

    const earnings = await call('GET', '/admin/earnings?limit=100');
    const row = earnings.body.creators.find(
      (c: { creator: { id: string } }) => c.creator.id === creator.user.id,
    );
    expect(row).toMatchObject({
      gross: 10,
      fees: 2,
      net: 8,
      pending: 8,
      available: 0,
      paidOut: 0,
      owed: 0,
    });

    expect(
      (
        await call('POST', '/admin/grant-free-pro', adminHeaders, {
          username: 'no_such_user_x',
          months: 1,
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/admin/grant-free-pro', adminHeaders, {
          username: creator.user.username,
          months: 0,
          reason: 'x',
        })
      ).status,
    ).toBe(400);
    const grant = await call('POST', '/admin/grant-free-pro', adminHeaders, {
      username: `@${creator.user.username}`,
      months: 3,
      reason: 'Launch partner',
    });
    expect(grant.status).toBe(200);
    expect(grant.body.message).toBe(`Pro access granted to ${creator.user.username}`);
    const days = (new Date(grant.body.proPackActiveUntil).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const me = await call('GET', '/users/me', creator.headers);
    expect(me.body).toMatchObject({ hasActiveProPack: true });
    expect(await auditActions(creator.user.id)).toEqual(['pro.grant']);
  });
});
