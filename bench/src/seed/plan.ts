/**
 * The shape of the benchmark dataset at a scale factor. Scale 1 is the dataset:
 * 100k users, 2k creators, 1M posts, 5M follows and subscriptions, 2M likes, 500k messages.
 * Every id is derived from an index, so scenarios can name rows without reading them back.
 */
export interface SeedPlan {
  scale: number;
  users: number;
  creators: number;
  posts: number;
  /** creators each user follows (the first `subscriptionsPerUser` of them also subscribed) */
  followsPerUser: number;
  subscriptionsPerUser: number;
  likesPerUser: number;
  /** the newest posts carrying comments, and how many each */
  commentedPosts: number;
  commentsPerPost: number;
  messagesPerChat: number;
  /** step through the creators when picking followees: coprime with `creators` */
  followStep: number;
}

const FULL = { users: 100_000, creators: 2_000, posts: 1_000_000, messages: 500_000 };

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function planFor(scale: number): SeedPlan {
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10)
    throw new Error(`BENCH_SCALE must be a number in (0, 10], got ${scale}`);
  const creators = Math.max(5, Math.round(FULL.creators * scale));
  const users = Math.max(creators * 5, Math.round(FULL.users * scale));
  const posts = Math.max(creators, Math.round(FULL.posts * scale));
  const followsPerUser = Math.min(40, creators - 1);
  const subscriptionsPerUser = Math.min(10, followsPerUser);
  const chats = users - creators;
  const followStep = [7, 11, 13, 17, 19, 23].find((p) => gcd(p, creators) === 1) ?? 1;
  return {
    scale,
    users,
    creators,
    posts,
    followsPerUser,
    subscriptionsPerUser,
    likesPerUser: Math.min(20, followsPerUser),
    commentedPosts: Math.max(1, Math.round(posts / 10)),
    commentsPerPost: 2,
    messagesPerChat: Math.max(1, Math.round((FULL.messages * scale) / chats)),
    followStep,
  };
}

/** Deterministic uuids: the index in the last group, the kind in the fourth. */
const KIND = { user: '8000', post: '9000', chat: 'a000', media: 'b000' } as const;
export function benchId(kind: keyof typeof KIND, index: number): string {
  return `00000000-0000-4000-${KIND[kind]}-${index.toString(16).padStart(12, '0')}`;
}

/** SQL twin of benchId, for generate_series inserts. */
export function benchIdSql(kind: keyof typeof KIND, expr: string): string {
  return `('00000000-0000-4000-${KIND[kind]}-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
}

/** Creator index (1-based) of the k-th followee of user i. */
export function followeeOf(plan: SeedPlan, user: number, k: number): number {
  return ((user * 7 + k * plan.followStep) % plan.creators) + 1;
}

/**
 * Access level of post j (by creator c = (j - 1) % creators + 1, its r-th post with
 * r = (j - 1) / creators): (r + c) % 10 is 0 for paid, 1–2 subscribers, 3 followers, else
 * public. Every creator has each level in turn, so a tenth of every creator's posts is paid –
 * with `j % 10` the paid posts all fell on the creators whose index ends in 0 (2 of 20 at
 * scale 0.01), and every purchase queued on their accounts.
 */
export type BenchAccessLevel = 'paid' | 'subscribers' | 'followers' | 'public';
const LEVELS: BenchAccessLevel[] = ['paid', 'subscribers', 'subscribers', 'followers'];
export function levelIndexOf(plan: SeedPlan, j: number): number {
  return (Math.floor((j - 1) / plan.creators) + ((j - 1) % plan.creators) + 1) % 10;
}
export function accessLevelOf(plan: SeedPlan, j: number): BenchAccessLevel {
  return LEVELS[levelIndexOf(plan, j)] ?? 'public';
}
/** SQL twin of levelIndexOf for an integer expression `j`. */
export function levelIndexSql(plan: SeedPlan, j: string): string {
  return `(((${j}) - 1) / ${plan.creators} + ((${j}) - 1) % ${plan.creators} + 1) % 10`;
}

/**
 * Version of the dataset's shape, written into every result: figures from another version are
 * not compared (`bench:compare`). 2: posts with images (27 Nov 2026, night); 3: paid posts spread
 * over every creator (27 Nov 2026, morning).
 */
export const DATASET_VERSION = 3;

export const BENCH_PASSWORD = 'bench-password-1';
export const benchEmail = (index: number) => `bench_u${index}@bench.test`;
