import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import {
  actor,
  block,
  call,
  clearMediaRefs,
  vaultImage,
  type Actor,
} from '../posts/posts.test-kit.ts';

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator', {
    username: 'marigold_lens',
    display_name: 'Marigold Lens',
    followers_count: 50,
  });
});
afterAll(() => server.close());

const publish = async (who: Actor, body: Record<string, unknown>) => {
  const res = await call(server, who, 'POST', '/posts', body);
  expect(res.status).toBe(201);
  return res.body as { id: string };
};
const q = (text: string) => encodeURIComponent(text);

describe('GET /search', () => {
  it('finds posts by caption words (prefix) and by hashtags, also tags not in the caption', async () => {
    const beach = await publish(creator, { caption: 'Golden hour at Lisbonview #sunsetglow' });
    const tagged = await publish(creator, { caption: 'no words here', hashtags: ['lisbonview'] });
    await publish(creator, { caption: 'unrelated' });

    const words = await call(server, null, 'GET', `/search?q=${q('lisbonvi')}&filter=posts`);
    expect(words.status).toBe(200);
    expect(words.body.posts.map((p: { id: string }) => p.id).sort()).toEqual(
      [beach.id, tagged.id].sort(),
    );
    expect(words.body).toMatchObject({ users: [], hashtags: [], filter: 'posts' });

    const tag = await call(server, null, 'GET', `/search?q=${q('#sunsetglow')}`);
    expect(tag.body.posts.map((p: { id: string }) => p.id)).toEqual([beach.id]);
    expect(tag.body.hashtags).toEqual([{ tag: 'sunsetglow', name: '#sunsetglow', postsCount: 1 }]);

    const tags = await call(server, null, 'GET', `/search?q=${q('lisb')}&filter=hashtags`);
    expect(tags.body.hashtags).toEqual([{ tag: 'lisbonview', name: '#lisbonview', postsCount: 1 }]);
    expect(tags.body.posts).toEqual([]);
  });

  it('finds users by name, all filters at once, with paging', async () => {
    const all = await call(server, null, 'GET', `/search?q=${q('marigold')}`);
    expect(all.body.users.map((u: { id: string }) => u.id)).toEqual([creator.user.id]);
    const mention = await call(
      server,
      null,
      'GET',
      `/search?q=${q('@marigold_lens')}&filter=users`,
    );
    expect(mention.body.users).toHaveLength(1);
    for (let i = 0; i < 3; i++) await publish(creator, { caption: `pagingword ${i}` });
    const page1 = await call(server, null, 'GET', '/search?q=pagingword&filter=posts&limit=2');
    expect(page1.body).toMatchObject({ currentPage: 1, totalPages: 2, hasMore: true });
    expect(page1.body.posts).toHaveLength(2);
    const page2 = await call(
      server,
      null,
      'GET',
      '/search?q=pagingword&filter=posts&limit=2&page=2',
    );
    expect(page2.body).toMatchObject({ currentPage: 2, totalPages: 2, hasMore: false });
    expect(page2.body.posts).toHaveLength(1);
    // past the end: nothing on the page, the count still said
    const past = await call(
      server,
      null,
      'GET',
      '/search?q=pagingword&filter=posts&limit=2&page=4',
    );
    expect(past.body).toMatchObject({ currentPage: 4, totalPages: 2, hasMore: false, posts: [] });
    // a tag's posts and the tags of a prefix are counted too; the longest list sets the pages
    for (let i = 0; i < 3; i++) await publish(creator, { caption: `#pagingtag${i % 2} ${i}` });
    const byTag = await call(server, null, 'GET', '/search?q=%23pagingtag0&filter=posts&limit=1');
    expect(byTag.body).toMatchObject({ totalPages: 2, hasMore: true });
    const prefix = await call(server, null, 'GET', '/search?q=pagingta&filter=hashtags&limit=1');
    expect(prefix.body).toMatchObject({ totalPages: 2, hasMore: true });
    expect(prefix.body.hashtags).toHaveLength(1);
    const pastTags = await call(
      server,
      null,
      'GET',
      '/search?q=pagingta&filter=hashtags&limit=1&page=3',
    );
    expect(pastTags.body).toMatchObject({ totalPages: 2, hasMore: false, hashtags: [] });
    const mixed = await call(server, null, 'GET', '/search?q=pagingt&limit=1');
    expect(mixed.body).toMatchObject({ totalPages: 3, hasMore: true });
    const none = await call(server, null, 'GET', '/search?q=zzzznothinghere');
    expect(none.body).toMatchObject({ currentPage: 1, totalPages: 0, hasMore: false });
  });

  it('presents locked posts as teasers and drops hidden users everywhere', async () => {
    const media = await vaultImage(server, creator);
    await publish(creator, {
      caption: 'Secret cinnabarset',
      selectedMediaItems: [media.id],
      accessDetails: { accessLevel: 'paid', price: 7 },
    });
    const fan = await actor(server);
    const res = await call(server, fan, 'GET', `/search?q=cinnabarset`);
    expect(res.body.posts).toHaveLength(1);
    expect(res.body.posts[0]).toMatchObject({ isUnlockedForUser: false, imageUrl: null });
    expect(clearMediaRefs(res.text)).toEqual([]);
    expect(res.text.includes(media.original_key)).toBe(false);

    await block(server, creator, fan);
    const hidden = await call(server, fan, 'GET', `/search?q=${q('marigold')}`);
    expect(hidden.body.users).toEqual([]);
    expect((await call(server, fan, 'GET', '/search?q=cinnabarset')).body.posts).toEqual([]);
    expect((await call(server, fan, 'GET', '/search/suggestions?q=marig')).body.users).toEqual([]);
  });

  it('refuses bad queries with 400', async () => {
    expect((await call(server, null, 'GET', '/search')).status).toBe(400);
    expect((await call(server, null, 'GET', '/search?q=')).status).toBe(400);
    expect((await call(server, null, 'GET', '/search?q=x&filter=people')).status).toBe(400);
    const odd = await call(server, null, 'GET', `/search?q=${q("'&|!:*()")}`);
    expect(odd.status).toBe(200);
  });
});

describe('GET /search/suggestions', () => {
  it('suggests users by username or display-name prefix and near misses, plus hashtags', async () => {
    const other = await actor(server, 'fan', { username: 'marigoldfan', display_name: 'Fan' });
    await actor(server, 'fan', { username: 'zz_other', display_name: 'Marigolde Person' });
    const res = await call(server, null, 'GET', `/search/suggestions?q=${q('@mari')}`);
    expect(res.status).toBe(200);
    const names = res.body.users.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['marigold_lens', 'marigoldfan', 'zz_other']));
    // a near miss by trigram similarity
    const typo = await call(server, null, 'GET', `/search/suggestions?q=${q('marigoldfam')}`);
    expect(typo.body.users.map((u: { id: string }) => u.id)).toContain(other.user.id);

    await publish(creator, { caption: 'tags #marigoldseason' });
    const tags = await call(server, null, 'GET', `/search/suggestions?q=${q('#marigold')}`);
    expect(tags.body.hashtags.map((h: { tag: string }) => h.tag)).toEqual(['marigoldseason']);
  });

  it("leaves out who turned off 'Show me in search and suggestions', but for the exact username", async () => {
    const shy = await actor(server, 'creator', {
      username: 'quietfern_x',
      display_name: 'Quiet Fern',
    });
    const fan = await actor(server);
    const found = async (path: string) =>
      ((await call(server, fan, 'GET', path)).body.users as { id: string }[]).some(
        (u) => u.id === shy.user.id,
      );
    expect(await found(`/search?q=${q('quietfern')}&filter=users`)).toBe(true);
    expect(await found('/users/trending?limit=100')).toBe(true);
    const off = await call(server, shy, 'PUT', '/users/me', { privacy: { discoverable: false } });
    expect(off.status).toBe(200);
    expect(await found(`/search?q=${q('quietfern')}&filter=users`)).toBe(false);
    expect(await found(`/search?q=${q('Quiet Fern')}&filter=users`)).toBe(false);
    expect(await found(`/search/suggestions?q=${q('@quietf')}`)).toBe(false);
    expect(await found('/users/trending?limit=100')).toBe(false);
    expect(await found(`/users?q=${q('quietfern')}`)).toBe(false);
    // the exact username still finds them, in any case
    expect(await found(`/search?q=${q('@QuietFern_X')}&filter=users`)).toBe(true);
    expect(await found(`/search/suggestions?q=${q('quietfern_x')}`)).toBe(true);
  });

  it('returns at most 10 users (the mention search limit)', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => actor(server, 'fan', { username: `mentionme_${i}` })),
    );
    const res = await call(server, null, 'GET', '/search/suggestions?q=mentionme');
    expect(res.body.users).toHaveLength(10);
  });
});
