import {
  BOOT_DATA_ELEMENT_ID,
  BOOT_SESSION_TAG_HEX,
  BOOT_SESSION_TAG_PREFIX,
  leadImageOf,
  PostPaging,
  StoryLimits,
  type MeUser,
  type PostPage,
  type PublicUser,
} from '@fanspace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { resolveSession } from '../auth/sessions.ts';
import { SESSION_COOKIE } from './auth-plugin.ts';
import { matchesPattern } from './spa-html.ts';

/**
 * Boot data (docs/PERFORMANCE.md "HTML-started data pass"): a signed-in navigation to `/` or a
 * profile gets the page's first API answers in its index.html, so the web app renders without
 * the chain session check → page queries → follow-ups, each a round trip after ~200 KB of
 * script; any other signed-in navigation gets the session check alone. The answers are the
 * API's own: every request is run through the app's routes with `inject` and the page's
 * session cookie (the same auth, services, presenters, serializers and viewer), and only 200
 * JSON answers are embedded. The paths are the ones the web app asks for
 * first (features/feed/prefetch.ts, features/profile/prefetch.ts); the app uses an answer only for
 * the request with that exact URL, so a path that drifts costs a wasted request, never a wrong
 * page. Nothing is built without a valid session; a failure or a slow database (over `timeoutMs`)
 * serves the plain HTML.
 */
export interface BootMarkup {
  /** for the head: the preload of the page's first image (the feed's lead card) */
  head: string;
  /** the JSON block, for the end of the body */
  body: string;
  /**
   * `/` or a profile: the API answers the block carries (JSON text by path and query), for the
   * server to render the page's first view with (ssr.ts); null for a page with the session
   * check alone
   */
  pageAnswers: Record<string, string> | null;
}

interface Answer {
  path: string;
  raw: string;
}

type Get = (path: string) => Promise<Answer | null>;

const HOME_FEED = `/posts?limit=${PostPaging.feed}&offset=0&discoverMode=false`;
const STORY_TRAY = `/stories?page=1&limit=${StoryLimits.groupsPageSize}`;
const ME = '/users/me';

const parse = <T>(answer: Answer | null): T | null =>
  answer ? (JSON.parse(answer.raw) as T) : null;

/** `/`: the session check, the feed's first page, the checklist it waits for, the story tray. */
async function home(get: Get): Promise<{ answers: Answer[]; image: string | null }> {
  const [me, feed, onboarding, stories] = await Promise.all([
    get(ME),
    get(HOME_FEED),
    get('/onboarding'),
    get(STORY_TRAY),
  ]);
  const first = parse<PostPage>(feed)?.posts[0];
  return {
    answers: [me, feed, onboarding, stories].filter((a) => a !== null),
    image: first ? leadImageOf(first) : null,
  };
}

/**
 * A profile: the session check, the profile and the caller's subscriptions (someone else's
 * profile waits for them), then what the page's header waits for, on the page's own conditions
 * (profileFollowUps in web/src/features/profile/queries.ts): offers from a creator with a price
 * who is not the caller nor blocked, widgets and posts unless blocked.
 */
async function profile(get: Get, username: string, me: { username: string }) {
  const own = me.username.toLowerCase() === username.toLowerCase();
  const [meAnswer, userAnswer, subscriptions] = await Promise.all([
    get(ME),
    get(`/users/username/${encodeURIComponent(username)}`),
    own ? null : get('/users/me/subscriptions'),
  ]);
  const first = [meAnswer, userAnswer, subscriptions].filter((a) => a !== null);
  const user = parse<PublicUser>(userAnswer);
  const meUser = parse<MeUser>(meAnswer);
  if (!user || !meUser) return { answers: first, image: null };
  const blocked = meUser.blockedUserIds.includes(user.id) || user.isBlocked === true;
  const id = encodeURIComponent(user.id);
  const next = await Promise.all([
    user.accountType === 'creator' && !blocked && !own && user.subscriptionPrice > 0
      ? get(`/discounts?creatorId=${id}`)
      : null,
    ...(own || !blocked
      ? [
          get(`/widgets/user/${id}`),
          get(`/posts/user/${id}?limit=${PostPaging.userPosts}&offset=0`),
        ]
      : []),
  ]);
  return { answers: [...first, ...next.filter((a) => a !== null)], image: null };
}

/** JSON for a `<script type="application/json">`: no `<`, so no `</script>` or `<!--` inside. */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Only the app's own paths and http(s) URLs (object storage) go into the head. */
const SAFE_IMAGE_URL = /^(\/[^/\\]|https?:\/\/)/i;

/** BootData.sessionTag: names the session without giving anything of its token away. */
export function sessionTagOf(token: string): string {
  return createHash('sha256')
    .update(`${BOOT_SESSION_TAG_PREFIX}${token}`)
    .digest('hex')
    .slice(0, BOOT_SESSION_TAG_HEX);
}

function markup(
  session: { userId: string; token: string },
  answers: Answer[],
  image: string | null,
  pageData: boolean,
): BootMarkup {
  const responses = answers.map((a) => `${JSON.stringify(a.path)}:${a.raw}`).join(',');
  const json =
    `{"userId":${JSON.stringify(session.userId)},` +
    `"sessionTag":"${sessionTagOf(session.token)}","responses":{${responses}}}`;
  return {
    head:
      image && SAFE_IMAGE_URL.test(image)
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">`
        : '',
    body: `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${scriptSafeJson(json)}</script>`,
    pageAnswers: pageData ? Object.fromEntries(answers.map((a) => [a.path, a.raw])) : null,
  };
}

function usernameOf(pathname: string): string | null {
  if (!matchesPattern('/u/:username', pathname)) return null;
  try {
    return decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '') || null;
  } catch {
    return null;
  }
}

/**
 * Every signed-in navigation gets the session check (the auth-ready gate every page waits for
 * opens without a round trip); `/` and `/u/:username` their first data too.
 */
async function anyPage(get: Get): Promise<{ answers: Answer[]; image: string | null }> {
  const me = await get(ME);
  return { answers: me ? [me] : [], image: null };
}

function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(resolve, ms, null).unref());
}

export function createBootData(app: FastifyInstance, timeoutMs: number) {
  const { db, sessionCache } = app.ctx;

  async function build(request: FastifyRequest, pathname: string, token: string) {
    const resolved = await resolveSession(db, token, sessionCache);
    if (!resolved) return null;
    const get: Get = async (path) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api${path}`,
        cookies: { [SESSION_COOKIE]: token },
        headers: { accept: 'application/json', 'x-request-id': `${request.id}:boot` },
      });
      const type = String(res.headers['content-type'] ?? '');
      return res.statusCode === 200 && type.startsWith('application/json')
        ? { path, raw: res.body }
        : null;
    };
    const username = usernameOf(pathname);
    const pageData = username !== null || pathname === '/';
    const { answers, image } = username
      ? await profile(get, username, resolved.user)
      : pathname === '/'
        ? await home(get)
        : await anyPage(get);
    // no session check answer (revoked meanwhile, or the database failed): nothing at all
    if (!answers.some((a) => a.path === ME)) return null;
    return markup({ userId: resolved.user.id, token }, answers, image, pageData);
  }

  return {
    /**
     * The page's boot data for a request with a session cookie, or null: no valid session, a
     * failure, or not ready within `timeoutMs`.
     */
    async forRequest(request: FastifyRequest, pathname: string): Promise<BootMarkup | null> {
      const token = request.cookies[SESSION_COOKIE];
      if (timeoutMs <= 0 || !token) return null;
      const work = build(request, pathname, token).catch((error: unknown) => {
        request.log.warn({ err: error }, 'building the boot data failed; plain index.html');
        return null;
      });
      return Promise.race([work, timeout(timeoutMs)]);
    },
  };
}
