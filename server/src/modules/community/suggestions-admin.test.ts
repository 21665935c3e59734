import { describe, expect, it } from 'vitest';
import { adminTestKit } from '../admin/admin.test-kit.ts';

const kit = adminTestKit();
const { call, asUser } = kit;

type Row = { id: string; status: string; roadmapItem: { id: string; title: string } | null };

async function suggested(title: string) {
  const author = await asUser();
  const res = await call('POST', '/suggestions', author.headers, { title });
  expect(res.status).toBe(201);
  return { author, id: res.body.suggestion.id as string };
}

describe('admin suggestions', () => {
  it('lists newest first with a status filter', async () => {
    const a = await suggested('First idea');
    const b = await suggested('Second idea');
    await call('PUT', `/admin/suggestions/${a.id}`, undefined, { status: 'planned' });
    const all = await call('GET', '/admin/suggestions?limit=100');
    expect(all.status).toBe(200);
    const ids = all.body.suggestions.map((s: Row) => s.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.body).toMatchObject({ currentPage: 1, hasMore: false });
    const planned = await call('GET', '/admin/suggestions?status=planned&limit=100');
    expect(planned.body.suggestions.every((s: Row) => s.status === 'planned')).toBe(true);
    expect(planned.body.suggestions.map((s: Row) => s.id)).toContain(a.id);
    expect(planned.body.suggestions.map((s: Row) => s.id)).not.toContain(b.id);
    expect((await call('GET', '/admin/suggestions?status=maybe')).status).toBe(400);
  });

  it('changes the status: the author sees it and is told; audit-logged', async () => {
    const { author, id } = await suggested('Polls in posts');
    const res = await call('PUT', `/admin/suggestions/${id}`, undefined, {
      status: 'in_progress',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Suggestion updated',
      suggestion: { id, status: 'in_progress', roadmapItem: null },
    });
    const pub = await call('GET', '/suggestions?sort=new', author.headers);
    expect(pub.body.suggestions.find((s: Row) => s.id === id)).toMatchObject({
      status: 'in_progress',
    });
    const notes = await call('GET', '/notifications', author.headers);
    expect(JSON.stringify(notes.body)).toContain(
      'Your suggestion \\"Polls in posts\\" is now in progress.',
    );
    const log = await call('GET', `/admin/activity?targetId=${id}`);
    expect(log.body.activities[0]).toMatchObject({
      action: 'suggestion.update',
      details: { from: 'open', to: 'in_progress' },
    });
  });

  it('links to a roadmap item and unlinks', async () => {
    const { id } = await suggested('Creator polls');
    const item = await call('POST', '/admin/roadmap', undefined, { title: 'Polls' });
    expect(item.status).toBe(201);
    const linked = await call('PUT', `/admin/suggestions/${id}`, undefined, {
      status: 'planned',
      roadmapItemId: item.body.item.id,
    });
    expect(linked.body.suggestion).toMatchObject({
      status: 'planned',
      roadmapItem: { id: item.body.item.id, title: 'Polls' },
    });
    const pub = await call('GET', '/suggestions', null);
    expect(pub.body.suggestions.find((s: Row) => s.id === id).roadmapItem.title).toBe('Polls');
    const unlinked = await call('PUT', `/admin/suggestions/${id}`, undefined, {
      roadmapItemId: null,
    });
    expect(unlinked.body.suggestion).toMatchObject({ status: 'planned', roadmapItem: null });
  });

  it('refuses non-admins, bad input and unknown ids without changing anything', async () => {
    const { author, id } = await suggested('Keep me open');
    const creator = await asUser('creator');
    for (const who of [author, creator]) {
      expect((await call('GET', '/admin/suggestions', who.headers)).status).toBe(403);
      const put = await call('PUT', `/admin/suggestions/${id}`, who.headers, { status: 'done' });
      expect(put.status).toBe(403);
    }
    expect((await call('GET', '/admin/suggestions', null)).status).toBe(401);
    for (const body of [{}, { status: 'shipped' }, { roadmapItemId: 'nope' }]) {
      const res = await call('PUT', `/admin/suggestions/${id}`, undefined, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const noItem = await call('PUT', `/admin/suggestions/${id}`, undefined, {
      status: 'done',
      roadmapItemId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noItem.status).toBe(404);
    expect(noItem.body.code).toBe('ROADMAP_ITEM_NOT_FOUND');
    const missing = await call(
      'PUT',
      '/admin/suggestions/00000000-0000-4000-8000-000000000000',
      undefined,
      { status: 'done' },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('SUGGESTION_NOT_FOUND');
    const pub = await call('GET', '/suggestions', null);
    expect(pub.body.suggestions.find((s: Row) => s.id === id).status).toBe('open');
  });
});
