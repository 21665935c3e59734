import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { openChat, send } from '../chats/chats.test-kit.ts';
import { actor, call as as, type Actor } from '../posts/posts.test-kit.ts';
import { adminTestKit } from './admin.test-kit.ts';
import { autoFlag, cleanTerms, termMatcher, TERMS_TTL_MS } from './auto-flag.ts';

describe('the flagged-term matcher', () => {
  const match = termMatcher(['casino', 'free money', 'Ärger', '$$$', 'ставки']);

  it('matches whole words and phrases, case-insensitively, in any script', () => {
    expect(match('Join my CASINO night')).toEqual(['casino']);
    expect(match('casinos and Casinoville')).toEqual([]);
    expect(match('get FREE\n money now')).toEqual(['free money']);
    expect(match('freemoney')).toEqual([]);
    expect(match('So viel ärger!')).toEqual(['Ärger']);
    expect(match('Ärgernis')).toEqual([]);
    expect(match('делайте СТАВКИ.')).toEqual(['ставки']);
    expect(match('win $$$ today')).toEqual(['$$$']);
    expect(match('casino, free money, casino')).toEqual(['casino', 'free money']);
    // full-width letters are the same word after NFKC
    expect(match('ｃａｓｉｎｏ')).toEqual(['casino']);
    // a combining mark continues the word
    expect(match('casino\u0301')).toEqual([]);
    expect(match('')).toEqual([]);
    expect(termMatcher([])('casino')).toEqual([]);
  });

  it('never matches inside a word and always matches between separators (property)', () => {
    const word = fc.stringMatching(/^[a-zà-ÿ]{2,12}$/u);
    const separator = fc.constantFrom(' ', '\n', '.', ',', '!', '(', ')', '"', '-', '/', '');
    fc.assert(
      fc.property(
        word,
        fc.stringMatching(/^[a-z]{1,5}$/),
        separator,
        separator,
        (term, glue, before, after) => {
          const m = termMatcher([term]);
          const upper = term.toUpperCase();
          if (before !== '' && after !== '')
            expect(m(`x${before}${upper}${after}y`)).toEqual([term]);
          expect(m(`${glue}${term}`)).toEqual([]);
          expect(m(`${term}${glue}`)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cleans the admin’s list: trimmed, collapsed, no empties or duplicates', () => {
    expect(cleanTerms(['  Casino ', 'casino', '', '  ', 'free   money', 'ＦＲＥＥ money'])).toEqual(
      ['Casino', 'free money'],
    );
  });
});

const kit = adminTestKit();
const { call } = kit;
let server: TestServer;
let creator: Actor;
let fan: Actor;

const setModeration = (moderation: Record<string, unknown>) =>
  call('PUT', '/admin/settings', undefined, { moderation });
const autoReports = async () =>
  (await call('GET', '/admin/reports?status=all&source=auto&limit=100')).body.reports as Array<
    Record<string, unknown>
  >;
const flagOf = async (targetId: string) =>
  (await autoReports()).filter((r) => r.targetId === targetId);

beforeAll(async () => {
  server = kit.server;
  creator = await actor(server, 'creator');
  fan = await actor(server);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('automatic flags', () => {
  it('edits the terms and threshold in the settings, validated and audit-logged', async () => {
    const before = (await call('GET', '/admin/settings')).body;
    expect(before.moderation).toEqual({ flaggedTerms: [], reportThreshold: 3 });
    for (const bad of [
      { reportThreshold: 0 },
      { reportThreshold: 2.5 },
      { flaggedTerms: ['x'.repeat(101)] },
      { flaggedTerms: Array.from({ length: 501 }, (_, i) => `t${i}`) },
      { flaggedTerms: [{ term: 'casino' }] },
    ]) {
      expect((await setModeration(bad)).status, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    expect((await call('GET', '/admin/settings')).body.moderation).toEqual(before.moderation);
    const saved = await setModeration({ flaggedTerms: [' Casino ', 'casino', 'free  money'] });
    expect(saved.status).toBe(200);
    expect(saved.body.moderation).toEqual({
      flaggedTerms: ['Casino', 'free money'],
      reportThreshold: 3,
    });
    // a partial update keeps the other half
    const threshold = await setModeration({ reportThreshold: 2 });
    expect(threshold.body.moderation).toEqual({
      flaggedTerms: ['Casino', 'free money'],
      reportThreshold: 2,
    });
    const log = await server.ctx.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('action', '=', 'settings.update')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it('flags new and edited posts; the post stays up; one open flag per target', async () => {
    await setModeration({ flaggedTerms: ['casino', 'free money'] });
    const clean = await as(server, creator, 'POST', '/posts', { caption: 'Casinos are fun' });
    expect(clean.status, clean.text).toBe(201);
    expect(await flagOf(clean.body.id)).toEqual([]);

    const flagged = await as(server, creator, 'POST', '/posts', {
      caption: 'Big CASINO night tonight',
    });
    expect(flagged.status).toBe(201);
    const [flag, ...more] = await flagOf(flagged.body.id);
    expect(more).toEqual([]);
    expect(flag).toMatchObject({
      type: 'post',
      source: 'auto',
      reporter: null,
      reporterCount: 0,
      priority: 'normal',
      status: 'pending',
      postId: flagged.body.id,
      targetUser: { id: creator.user.id, username: creator.user.username },
    });
    expect(flag!.reason).toBe('Automatic flag: “casino”');
    // the content stays up until a moderator acts
    expect((await as(server, fan, 'GET', `/posts/${flagged.body.id}`)).status).toBe(200);

    // an edit that matches again refreshes the one open flag
    const edited = await as(server, creator, 'PUT', `/posts/${flagged.body.id}`, {
      caption: 'casino and free money',
    });
    expect(edited.status).toBe(200);
    const again = await flagOf(flagged.body.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.reason).toBe('Automatic flag: “casino”, “free money”');

    // an edit of a clean post flags it
    await as(server, creator, 'PUT', `/posts/${clean.body.id}`, { caption: 'free money!' });
    expect(await flagOf(clean.body.id)).toHaveLength(1);
  });

  it('flags comments (new and edited) and chat messages; not an admin’s own writing', async () => {
    await setModeration({ flaggedTerms: ['casino'] });
    const post = await as(server, creator, 'POST', '/posts', { caption: 'hello' });
    const comment = await as(server, fan, 'POST', `/posts/${post.body.id}/comments`, {
      text: 'nice',
    });
    expect(comment.status, comment.text).toBe(201);
    const commentId = comment.body.comment?.id ?? comment.body.id;
    expect(await flagOf(commentId)).toEqual([]);
    const edited = await as(server, fan, 'PUT', `/posts/${post.body.id}/comments/${commentId}`, {
      text: 'visit my casino',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await flagOf(commentId)).toEqual([
      expect.objectContaining({ type: 'comment', postId: post.body.id, source: 'auto' }),
    ]);

    const chat = await openChat(server, fan, creator);
    const message = await send(server, fan, chat.id, { text: 'CASINO link here' });
    expect(await flagOf(message.id)).toEqual([
      expect.objectContaining({ type: 'message', chatId: chat.id, source: 'auto' }),
    ]);

    const staff = await actor(server, 'fan', { is_admin: true });
    const announcement = await as(server, staff, 'POST', `/posts/${post.body.id}/comments`, {
      text: 'No casino links, please',
    });
    expect(announcement.status).toBe(201);
    const announcementId = announcement.body.comment?.id ?? announcement.body.id;
    expect(await flagOf(announcementId)).toEqual([]);
  });

  it('picks up changed terms at once in this process, and another process’s within the TTL', async () => {
    await setModeration({ flaggedTerms: ['roulette'] });
    const a = await as(server, creator, 'POST', '/posts', { caption: 'roulette time' });
    expect(await flagOf(a.body.id)).toHaveLength(1);
    const b = await as(server, creator, 'POST', '/posts', { caption: 'casino time' });
    expect(await flagOf(b.body.id)).toEqual([]);

    // another process changes the stored list: this one keeps its copy until the TTL
    await server.ctx.db
      .updateTable('platform_settings')
      .set({ value: JSON.stringify({ flaggedTerms: ['poker'], reportThreshold: 2 }) })
      .where('key', '=', 'moderation')
      .execute();
    const c = await as(server, creator, 'POST', '/posts', { caption: 'poker time' });
    expect(await flagOf(c.body.id)).toEqual([]);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + TERMS_TTL_MS + 1);
    const d = await as(server, creator, 'POST', '/posts', { caption: 'poker time' });
    expect(await flagOf(d.body.id)).toHaveLength(1);
  });

  it('costs nothing when no term is set: no report, the same answer', async () => {
    await setModeration({ flaggedTerms: [] });
    expect(
      await autoFlag(server.ctx.db, {
        type: 'post',
        targetId: '00000000-0000-4000-8000-000000000000',
        authorId: creator.user.id,
        text: 'poker casino roulette',
      }),
    ).toEqual([]);
  });
});

describe('the report threshold', () => {
  it('marks content reported by N distinct users high priority; automatic flags do not count', async () => {
    await setModeration({ flaggedTerms: ['jackpot'], reportThreshold: 2 });
    const post = await as(server, creator, 'POST', '/posts', { caption: 'jackpot inside' });
    const other = await as(server, creator, 'POST', '/posts', { caption: 'plain' });
    const fan2 = await actor(server);
    const report = (who: Actor, id: string) =>
      as(server, who, 'POST', '/reports', { type: 'post', targetId: id, reason: 'Scam' });
    expect((await report(fan, post.body.id)).status).toBe(201);
    // auto flag + one user: 1 distinct reporter, below the threshold
    let rows = (await call('GET', '/admin/reports?type=post&limit=100')).body.reports.filter(
      (r: { targetId: string }) => r.targetId === post.body.id,
    );
    expect(
      rows
        .map((r: { source: string; reporterCount: number; priority: string }) => [
          r.source,
          r.reporterCount,
          r.priority,
        ])
        .sort(),
    ).toEqual([
      ['auto', 1, 'normal'],
      ['user', 1, 'normal'],
    ]);
    await report(fan, post.body.id); // the same user again counts once
    await report(fan2, post.body.id);
    await report(fan, other.body.id);
    rows = (await call('GET', '/admin/reports?type=post&limit=100')).body.reports;
    const onPost = rows.filter((r: { targetId: string }) => r.targetId === post.body.id);
    expect(onPost).toHaveLength(3);
    expect(
      onPost.every(
        (r: { priority: string; reporterCount: number }) =>
          r.priority === 'high' && r.reporterCount === 2,
      ),
    ).toBe(true);
    const high = (await call('GET', '/admin/reports?priority=high&limit=100')).body;
    expect(high.reports.map((r: { targetId: string }) => r.targetId)).toEqual(
      Array(3).fill(post.body.id),
    );
    const normal = (await call('GET', '/admin/reports?priority=normal&type=post&limit=100')).body;
    expect(normal.reports.map((r: { targetId: string }) => r.targetId)).toContain(other.body.id);
    expect(normal.reports.map((r: { targetId: string }) => r.targetId)).not.toContain(post.body.id);
    // the busiest target first
    const busiest = (await call('GET', '/admin/reports?sortBy=reporterCount&order=desc&limit=1'))
      .body;
    expect(busiest.reports[0].targetId).toBe(post.body.id);

    // a bulk reject of the automatic flag removes the post and closes every report on it
    const auto = onPost.find((r: { source: string }) => r.source === 'auto');
    const bulk = await call('POST', '/admin/reports/bulk-resolve', undefined, {
      reportIds: [auto.id],
      action: 'delete_content',
    });
    expect(bulk.body).toMatchObject({ resolved: 1, failed: [] });
    expect((await as(server, fan, 'GET', `/posts/${post.body.id}`)).status).toBe(404);
    const closed = (
      await call('GET', '/admin/reports?status=resolved&limit=100')
    ).body.reports.filter((r: { targetId: string }) => r.targetId === post.body.id);
    expect(closed).toHaveLength(3);
    // closed together: the count is kept for the record
    expect(closed[0].reporterCount).toBe(2);
  });
});
