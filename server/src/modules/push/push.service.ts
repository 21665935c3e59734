import {
  ErrorCodes,
  type NotificationType,
  type PushPayload,
  type PushSubscribeBody,
  type PushSubscriptionJson,
  type PushTestResponse,
} from '@fanspace/contracts';
import type webpush from 'web-push';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { formatMoney } from '../ledger/money.ts';
import { loadWebPush, vapidKeys, vapidSubject } from './vapid.ts';

/**
 * Web push: subscriptions (one row per browser endpoint, moved to whoever subscribes it last),
 * the push job notify() enqueues, and the sender. web-push builds the VAPID-signed, encrypted
 * request; it is sent with fetch so a timeout applies. A 404/410 from the push service means
 * the subscription is gone for good: it is deleted.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

export const PUSH_JOB = 'push.deliver';
const SEND_TIMEOUT_MS = 10_000;
/** how long a push service keeps an undelivered push (seconds) */
const PUSH_TTL = 24 * 3600;

const invalid = (message: string) =>
  new BadRequestError(message, ErrorCodes.PUSH_SUBSCRIPTION_INVALID, { field: 'endpoint' });

function b64urlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return -1;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url').length;
}

/**
 * A browser PushSubscription: an https endpoint (http only to loopback outside production, for
 * local push services and tests) and base64url keys (p256dh, auth).
 */
export function validSubscription(
  body: PushSubscribeBody,
  config: Pick<AppContext['config'], 'isProduction'>,
): PushSubscriptionJson {
  const sub = 'subscription' in body ? body.subscription : body;
  let url: URL;
  try {
    url = new URL(sub.endpoint);
  } catch {
    throw invalid('endpoint must be a URL');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && !config.isProduction))
    throw invalid('endpoint must be an https URL');
  // base64url text is checked here; key sizes are the encryption's business: a subscription
  // whose keys cannot encrypt is dropped on its first push (see pushToUser)
  if (b64urlBytes(sub.keys.p256dh) <= 0) throw invalid('keys.p256dh must be base64url');
  if (b64urlBytes(sub.keys.auth) <= 0) throw invalid('keys.auth must be base64url');
  return sub;
}

export async function subscribe(
  ctx: Ctx,
  userId: string,
  body: PushSubscribeBody,
  userAgent: string | undefined,
) {
  const sub = validSubscription(body, ctx.config);
  const row = await ctx.db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    // one browser, one row: a new sign-in on the same browser takes the endpoint over
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        user_agent: userAgent?.slice(0, 300) ?? null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ok: true as const, subscriptionId: row.id };
}

export async function unsubscribe(ctx: Ctx, userId: string, endpoint: string | undefined) {
  let query = ctx.db.deleteFrom('push_subscriptions').where('user_id', '=', userId);
  if (endpoint) query = query.where('endpoint', '=', endpoint);
  const result = await query.executeTakeFirst();
  return { ok: true as const, removed: Number(result.numDeletedRows) };
}

export function hasPushSubscription(db: DbHandle, userId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** `preferences.notifications.push === false` (all) or `.pushTypes[type] === false` (one). */
export function pushAllowed(
  preferences: Record<string, unknown> | null,
  type: NotificationType,
): boolean {
  const settings = preferences?.notifications;
  if (typeof settings !== 'object' || settings === null) return true;
  const s = settings as Record<string, unknown>;
  if (s.push === false || s[type] === false) return false;
  const types = s.pushTypes;
  if (
    typeof types === 'object' &&
    types !== null &&
    (types as Record<string, unknown>)[type] === false
  )
    return false;
  return true;
}

/** Sends one payload to every subscription of a user; gone ones are deleted. */
export async function pushToUser(
  ctx: Ctx,
  userId: string,
  payload: PushPayload,
): Promise<Omit<PushTestResponse, 'ok'>> {
  const subs = await ctx.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const result = { sent: 0, removed: 0, failed: 0 };
  if (subs.length === 0) return result;
  const keys = await vapidKeys(ctx);
  const { generateRequestDetails } = await loadWebPush();
  const body = JSON.stringify(payload);
  const drop = async (id: string) => {
    await ctx.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    result.removed += 1;
  };
  for (const sub of subs) {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        {
          TTL: PUSH_TTL,
          vapidDetails: {
            subject: vapidSubject(ctx.config),
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
        },
      );
    } catch (err) {
      // keys that cannot encrypt (not a P-256 point, wrong auth size) never will: drop it
      ctx.log.warn({ err, subscriptionId: sub.id }, 'unusable push subscription removed');
      await drop(sub.id);
      continue;
    }
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (res.status === 404 || res.status === 410) {
        await drop(sub.id);
      } else if (res.ok) {
        await ctx.db
          .updateTable('push_subscriptions')
          .set({ last_success_at: new Date() })
          .where('id', '=', sub.id)
          .execute();
        result.sent += 1;
      } else {
        result.failed += 1;
        ctx.log.warn({ status: res.status, subscriptionId: sub.id }, 'push service refused a push');
      }
    } catch (err) {
      result.failed += 1;
      ctx.log.warn({ err, subscriptionId: sub.id }, 'web push failed');
    }
  }
  return result;
}

const TITLES: Record<NotificationType, string> = {
  follow: 'New follower',
  like: 'New like',
  comment: 'New comment',
  mention: 'You were mentioned',
  subscription: 'New subscriber',
  tip: 'New tip',
  purchase: 'New purchase',
  message: 'New message',
  payout: 'Payout update',
  admin: 'Fanspace',
  system: 'Fanspace',
  collaboration: 'Collaboration',
};

const money = (data: Record<string, unknown>) =>
  typeof data.amountCents === 'number' ? ` (${formatMoney(data.amountCents)})` : '';

/** Title, body and link of a notification's push. Pure. */
export function pushPayloadFor(
  n: {
    id: string;
    type: NotificationType;
    related_id: string | null;
    related_type: string | null;
    data: Record<string, unknown>;
  },
  actorName: string | null,
): PushPayload {
  const who = actorName ? `@${actorName}` : 'Someone';
  const preview = typeof n.data.preview === 'string' ? n.data.preview : '';
  const text = typeof n.data.message === 'string' ? n.data.message : '';
  const bodies: Record<NotificationType, string> = {
    follow: `${who} started following you`,
    like: `${who} liked your post`,
    comment: preview ? `${who}: ${preview}` : `${who} commented on your post`,
    mention: `${who} mentioned you`,
    subscription: `${who} subscribed to you${money(n.data)}`,
    tip: `${who} sent you a tip${money(n.data)}`,
    purchase: `${who} bought your content${money(n.data)}`,
    message: n.data.locked
      ? `${who} sent you locked content`
      : preview
        ? `${who}: ${preview}`
        : `${who} sent you a message`,
    payout: text || 'Your payout status changed',
    admin: text || 'A message from the Fanspace team',
    system: text || 'A message from Fanspace',
    collaboration: text || `${who} answered or sent a collaboration invite`,
  };
  return {
    title: TITLES[n.type],
    body: bodies[n.type].slice(0, 200),
    url: pushUrlFor(n, actorName),
    tag: n.related_id ? `${n.type}:${n.related_id}` : `${n.type}:${n.id}`,
    type: n.type,
    notificationId: n.id,
  };
}

/**
 * Where tapping the push leads: what the notification row opens in the app (its own `data.url`,
 * the chat, the post, the follower's profile), else the notifications page.
 */
function pushUrlFor(
  n: {
    type: NotificationType;
    related_id: string | null;
    related_type: string | null;
    data: Record<string, unknown>;
  },
  actorName: string | null,
): string {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const url = text(n.data.url);
  if (url && url.startsWith('/') && !url.startsWith('//')) return url;
  // the team removed a post or comment: the post may be gone, the standing page says why
  if (n.type === 'admin' && n.related_type === 'post') return '/settings/standing';
  const chatId = text(n.data.chatId) ?? (n.related_type === 'chat' ? n.related_id : null);
  if (chatId) return `/messages/${encodeURIComponent(chatId)}`;
  const postId = text(n.data.postId) ?? (n.related_type === 'post' ? n.related_id : null);
  if (postId) return `/p/${encodeURIComponent(postId)}`;
  if (n.type === 'message') return '/messages';
  if (n.type === 'follow' && actorName) return `/u/${encodeURIComponent(actorName)}`;
  return '/notifications';
}

/** The push job: the notification (if it still exists) to every subscription of its user. */
export async function deliverNotificationPush(ctx: Ctx, notificationId: string) {
  const n = await ctx.db
    .selectFrom('notifications')
    .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
    .select([
      'notifications.id',
      'notifications.user_id',
      'notifications.type',
      'notifications.related_id',
      'notifications.related_type',
      'notifications.data',
      'notifications.is_read',
      'actor.username as actor_username',
    ])
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst();
  // deleted or already read by the time the job runs: nothing to tell
  if (!n || n.is_read) return;
  await pushToUser(ctx, n.user_id, pushPayloadFor(n, n.actor_username));
}
