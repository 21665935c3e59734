import { sql, type Kysely } from 'kysely';
import { benchIdSql, levelIndexSql, type SeedPlan } from './plan.ts';

/**
 * The bulk inserts: INSERT … SELECT over generate_series, one statement per chunk of rows,
 * run on one connection with triggers (foreign-key checks) off. Every value is derived from
 * indexes, so a step is a pure function of the plan. Numbers only reach sql.raw.
 */

type Db = Kysely<unknown>;
export interface Step {
  name: string;
  rows: (plan: SeedPlan) => number;
  run: (db: Db, plan: SeedPlan, from: number, to: number) => Promise<void>;
  /** rows of the driving series per statement */
  chunk: number;
  /** the series the chunks walk: users by default */
  over?: (plan: SeedPlan) => number;
}

const raw = (text: string) => sql.raw(text);
const user = (expr: string) => raw(benchIdSql('user', expr));
const post = (expr: string) => raw(benchIdSql('post', expr));
const chat = (expr: string) => raw(benchIdSql('chat', expr));
const media = (expr: string) => raw(benchIdSql('media', expr));

/** SQL of the k-th followee (1-based creator index) of user `i`. */
const followee = (p: SeedPlan, i: string, k: string) =>
  `((${i} * 7 + ${k} * ${p.followStep}) % ${p.creators}) + 1`;

export const steps = (passwordHash: string): Step[] => [
  {
    name: 'users',
    rows: (p) => p.users,
    chunk: 20_000,
    run: (db, p, from, to) =>
      sql`insert into users (id, username, email, password_hash, account_type, display_name, bio,
            email_verified_at, identity_status, subscription_price_cents, created_at)
          select ${user('i')}, 'bench_u' || i, 'bench_u' || i || '@bench.test', ${passwordHash},
            case when i <= ${raw(String(p.creators))} then 'creator' else 'fan' end,
            'Bench User ' || i, 'Benchmark account ' || i, now(),
            case when i <= ${raw(String(p.creators))} then 'verified' else 'none' end,
            case when i <= ${raw(String(p.creators))} then 999 else 0 end,
            now() - (i || ' minutes')::interval
          from generate_series(${from}::int, ${to}::int) i`
        .execute(db)
        .then(() => undefined),
  },
  {
    name: 'posts',
    rows: (p) => p.posts,
    over: (p) => p.posts,
    chunk: 50_000,
    // post j is by creator ((j-1) % creators) + 1, one every year/posts seconds, newest last;
    // its access level is plan.ts accessLevelOf
    run: (db, p, from, to) =>
      sql`insert into posts (id, user_id, caption, type, access_level, price_cents, hashtags,
            published_at, created_at, updated_at)
          select ${post('j')}, ${user(`((j - 1) % ${p.creators}) + 1`)},
            'Bench post ' || j || ' about #tag' || (j % 100),
            case when j % 5 = 4 then 'text' else 'image' end, lvl,
            case when lvl = 'paid' then 500 end, 'tag' || (j % 100), at, at, at
          from generate_series(${from}::int, ${to}::int) j,
            lateral (select case ${raw(levelIndexSql(p, 'j'))} when 0 then 'paid'
                       when 1 then 'subscribers' when 2 then 'subscribers' when 3 then 'followers'
                       else 'public' end as lvl,
                     now() - ((${raw(String(p.posts))} - j) * ${raw(String(31_536_000 / p.posts))}
                       || ' seconds')::interval - interval '1 minute' as at) x`
        .execute(db)
        .then(() => undefined),
  },
  {
    // images as the upload pipeline leaves them (original, 1080 and small renditions, the
    // blurred teaser locked posts show): four posts in five have an image (post j's is media
    // j; posts with j % 5 = 4 are text only), every seventh of those a second one (media
    // posts + j); the files themselves are not written, the pages only sign their URLs
    name: 'media',
    rows: (p) => p.posts,
    over: (p) => p.posts,
    chunk: 50_000,
    run: async (db, p, from, to) => {
      const images = raw(`(select j as n, 0 as position from generate_series(${from}, ${to}) j
          where j % 5 <> 4
        union all
        select ${p.posts} + j, 1 from generate_series(${from}, ${to}) j
          where j % 5 <> 4 and j % 7 = 0) m`);
      const postOf = `case when m.position = 0 then m.n else m.n - ${p.posts} end`;
      const owner = user(`((${postOf} - 1) % ${p.creators}) + 1`);
      // the pipeline's keys: private renditions under the owner, a public teaser
      const base = sql`'private/media/' || ${owner} || '/' || ${media('m.n')} || '/'`;
      await sql`insert into media_items (id, owner_id, media_type, mime, size_bytes, width,
            height, content_hash, original_key, large_key, small_key, teaser_key, created_at)
          select ${media('m.n')}, ${owner}, 'image', 'image/webp', 240000 + m.n % 20000, 1080,
            1350, md5(m.n::text) || md5((-m.n)::text), ${base} || 'original.webp',
            ${base} || 'large.webp', ${base} || 'small.webp',
            'public/teasers/bench-' || m.n || '.webp', now() - interval '1 year'
          from ${images}`.execute(db);
      await sql`insert into post_media (post_id, media_id, position)
          select ${post(postOf)}, ${media('m.n')}, m.position from ${images}`.execute(db);
    },
  },
  {
    // the term → posts table the search reads; the app's trigger does not fire under the
    // seed's session_replication_role = replica, so the same rows are written here
    name: 'search terms',
    rows: (p) => p.posts * 5,
    over: (p) => p.posts,
    chunk: 100_000,
    run: (db, _p, from, to) =>
      sql`insert into post_search_terms (term, published_at, post_id)
          select lexeme, posts.published_at, posts.id
          from generate_series(${from}::int, ${to}::int) j
            join posts on posts.id = ${post('j')},
            unnest(tsvector_to_array(posts.search_document)) lexeme
          where posts.deleted_at is null`
        .execute(db)
        .then(() => undefined),
  },
  {
    name: 'hashtags',
    rows: () => 100,
    over: () => 1,
    chunk: 1,
    run: async (db, p) => {
      await sql`insert into hashtags (tag, posts_count)
          select 'tag' || t, ${raw(String(Math.ceil(p.posts / 100)))} from generate_series(0, 99) t
          on conflict do nothing`.execute(db);
    },
  },
  {
    name: 'follows',
    rows: (p) => p.users * p.followsPerUser,
    chunk: 10_000,
    run: (db, p, from, to) =>
      sql`insert into follows (follower_id, followee_id, created_at)
          select ${user('i')}, ${user(followee(p, 'i', 'k'))}, now() - (k || ' days')::interval
          from generate_series(${from}::int, ${to}::int) i,
            generate_series(0, ${raw(String(p.followsPerUser - 1))}) k
          where ${raw(followee(p, 'i', 'k'))} <> i`
        .execute(db)
        .then(() => undefined),
  },
  {
    name: 'subscriptions',
    rows: (p) => p.users * p.subscriptionsPerUser,
    chunk: 20_000,
    run: (db, p, from, to) =>
      sql`insert into subscriptions (subscriber_id, creator_id, status, current_period_end, created_at)
          select ${user('i')}, ${user(followee(p, 'i', 'k'))}, 'active',
            now() + interval '30 days', now() - interval '1 day'
          from generate_series(${from}::int, ${to}::int) i,
            generate_series(0, ${raw(String(p.subscriptionsPerUser - 1))}) k
          where ${raw(followee(p, 'i', 'k'))} <> i`
        .execute(db)
        .then(() => undefined),
  },
  {
    // user i likes the (i % 5)-th newest post of each of its first likesPerUser followees
    name: 'likes',
    rows: (p) => p.users * p.likesPerUser,
    chunk: 20_000,
    run: (db, p, from, to) => {
      const perCreator = Math.floor(p.posts / p.creators);
      return sql`insert into post_likes (post_id, user_id)
          select ${post(`${followee(p, 'i', 'k')} + ${p.creators} * (${perCreator - 1} - i % ${Math.min(5, perCreator)})`)},
            ${user('i')}
          from generate_series(${from}::int, ${to}::int) i,
            generate_series(0, ${raw(String(p.likesPerUser - 1))}) k
          on conflict do nothing`
        .execute(db)
        .then(() => undefined);
    },
  },
  {
    name: 'comments',
    rows: (p) => p.commentedPosts * p.commentsPerPost,
    over: (p) => p.commentedPosts,
    chunk: 50_000,
    run: (db, p, from, to) =>
      sql`insert into comments (post_id, user_id, text)
          select ${post(`${p.posts} + 1 - n`)}, ${user(`((n * 31 + r * 17) % ${p.users}) + 1`)},
            'Bench comment ' || r || ' on post ' || (${raw(String(p.posts))} + 1 - n)
          from generate_series(${from}::int, ${to}::int) n,
            generate_series(1, ${raw(String(p.commentsPerPost))}) r`
        .execute(db)
        .then(() => undefined),
  },
  {
    // every fan has a chat with its first followee
    name: 'chats',
    rows: (p) => (p.users - p.creators) * (2 + p.messagesPerChat),
    chunk: 10_000,
    run: async (db, p, from, to) => {
      const lo = Math.max(from, p.creators + 1);
      if (lo > to) return;
      const range = raw(`generate_series(${lo}, ${to}) i`);
      const creator = user(followee(p, 'i', '0'));
      await sql`insert into chats (id, pair_key, last_activity_at)
          select ${chat('i')}, least(${user('i')}::text, ${creator}::text) || ':' ||
            greatest(${user('i')}::text, ${creator}::text), now()
          from ${range}`.execute(db);
      await sql`insert into chat_participants (chat_id, user_id)
          select ${chat('i')}, ${user('i')} from ${range}
          union all select ${chat('i')}, ${creator} from ${range}`.execute(db);
      await sql`insert into messages (chat_id, sender_id, text, created_at, updated_at)
          select ${chat('i')}, case when m % 2 = 0 then ${user('i')} else ${creator} end,
            'Bench message ' || m, now() - ((${raw(String(p.messagesPerChat))} - m) || ' minutes')::interval,
            now() - ((${raw(String(p.messagesPerChat))} - m) || ' minutes')::interval
          from ${range}, generate_series(1, ${raw(String(p.messagesPerChat))}) m`.execute(db);
    },
  },
];

/** Counters the app keeps on rows, recomputed once from the facts. */
export async function recount(db: Db) {
  await sql`update posts set likes_count = x.c from
      (select post_id, count(*)::int c from post_likes group by post_id) x where posts.id = x.post_id`.execute(
    db,
  );
  await sql`update posts set comments_count = x.c from
      (select post_id, count(*)::int c from comments group by post_id) x where posts.id = x.post_id`.execute(
    db,
  );
  await sql`update users set posts_count = x.c from
      (select user_id, count(*)::int c from posts group by user_id) x where users.id = x.user_id`.execute(
    db,
  );
  await sql`update users set followers_count = x.c from
      (select followee_id, count(*)::int c from follows group by followee_id) x where users.id = x.followee_id`.execute(
    db,
  );
  await sql`update users set following_count = x.c from
      (select follower_id, count(*)::int c from follows group by follower_id) x where users.id = x.follower_id`.execute(
    db,
  );
  await sql`update users set subscriber_count = x.c from
      (select creator_id, count(*)::int c from subscriptions group by creator_id) x where users.id = x.creator_id`.execute(
    db,
  );
  await sql`update chats set last_message_id = x.id, last_activity_at = x.created_at from
      (select distinct on (chat_id) chat_id, id, created_at from messages
       order by chat_id, created_at desc, id desc) x where chats.id = x.chat_id`.execute(db);
  await sql`update chat_participants cp set last_read_at = now()`.execute(db);
}
