/** What a notification says and where it leads (spec §3 Notification: relatedType/relatedId). */
import type {
  Notification,
  PublicUser,
  SYSTEM_ACTOR_ID as ContractSystemActorId,
} from '@fanspace/contracts';
import { displayNameOf } from '../auth/user.ts';

/**
 * Spec §3: the system actor's fixed id. Typed against the contract (a change there fails the
 * build) without pulling the schema library into the app's first chunk, which the shell
 * (bell, polling) loads.
 */
export const SYSTEM_ACTOR_ID: typeof ContractSystemActorId = '{hash}';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatPrice = (amount: number) => usd.format(amount);

export interface RelatedPost {
  caption: string;
  imageUrl: string | null;
}

export interface NotificationView {
  /** Who did it, or null for the system actor (spec §3 `{hash}`). */
  actor: PublicUser | null;
  actorName: string;
  /** The sentence after the actor's name (or the whole sentence for system ones). */
  text: string;
  /** A short quote (comment, message preview, reason), when there is one. */
  detail: string | null;
  /** Where opening it leads, or null when there is nowhere to go. */
  href: string | null;
  /** The post it is about, when known (caption and thumbnail; shown apart from the quote). */
  post: RelatedPost | null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function amountOf(data: Record<string, unknown>): string | null {
  const amount = data.amount ?? data.tipAmount ?? data.price;
  if (typeof amount === 'number' && Number.isFinite(amount)) return formatPrice(amount);
  if (typeof amount === 'string' && amount.trim() !== '' && Number.isFinite(Number(amount)))
    return formatPrice(Number(amount));
  return null;
}

/** The post a row is about (likes, comments, mentions, purchases of a post), if any. */
export function postIdOf(
  n: Pick<Notification, 'relatedType' | 'relatedId' | 'data'>,
): string | null {
  const fromData = n.data?.postId;
  if (typeof fromData === 'string' && fromData !== '') return fromData;
  return n.relatedType === 'post' && n.relatedId ? n.relatedId : null;
}

export function isSystemNotification(n: Pick<Notification, 'actorId'>): boolean {
  return n.actorId === SYSTEM_ACTOR_ID;
}

/** The page a notification opens. `users` resolves related user ids to usernames. */
export function notificationHref(
  n: Notification,
  actor: PublicUser | null,
  users: Record<string, PublicUser> = {},
): string | null {
  const data = n.data ?? {};
  const profileOf = (id: string | null | undefined) => {
    if (!id) return null;
    const user = actor && actor.id === id ? actor : users[id];
    return user ? `/u/${encodeURIComponent(user.username)}` : null;
  };
  const postId = str(data.postId) ?? (n.relatedType === 'post' ? n.relatedId : null);
  const chatId = str(data.chatId) ?? (n.relatedType === 'chat' ? n.relatedId : null);
  const url = str(data.url);
  if (url && url.startsWith('/') && !url.startsWith('//')) return url;
  // the team removed a post or comment of yours: the post may be gone, the standing page says why
  if (n.type === 'admin' && n.relatedType === 'post') return '/settings/standing';
  switch (n.relatedType) {
    case 'post':
    case 'comment':
      if (postId) return `/p/${encodeURIComponent(postId)}`;
      break;
    case 'chat':
    case 'message':
      if (chatId) return `/messages/${encodeURIComponent(chatId)}`;
      return '/messages';
    case 'user':
      return profileOf(n.relatedId) ?? profileOf(actor?.id);
    case 'payout':
    case 'payment':
    case 'transaction':
      return '/wallet';
    case 'warning':
      return '/settings/standing';
    case 'suggestion':
      return '/suggestions';
    case 'model_release':
      return '/releases';
    case 'pro_pack':
      return '/pro-pack';
    default:
      break;
  }
  if (postId) return `/p/${encodeURIComponent(postId)}`;
  if (chatId) return `/messages/${encodeURIComponent(chatId)}`;
  switch (n.type) {
    case 'message':
      return '/messages';
    case 'tip':
    case 'payout':
    case 'purchase':
      return '/wallet';
    case 'subscription':
      return profileOf(actor?.id) ?? '/wallet';
    case 'collaboration':
      return '/collaborations';
    case 'follow':
      return profileOf(actor?.id);
    default:
      return null;
  }
}

export function describeNotification(
  n: Notification,
  options: {
    actors?: Record<string, PublicUser>;
    users?: Record<string, PublicUser>;
    posts?: Record<string, RelatedPost>;
  } = {},
): NotificationView {
  const data = n.data ?? {};
  const actor = n.actor ?? (isSystemNotification(n) ? null : (options.actors?.[n.actorId] ?? null));
  const actorName = actor ? displayNameOf(actor) : isSystemNotification(n) ? 'Fanspace' : 'Someone';
  const amount = amountOf(data);
  const message = str(data.message) ?? str(data.text) ?? str(data.body) ?? str(data.title);
  let text: string;
  let detail: string | null = null;
  switch (n.type) {
    case 'follow':
      text = 'started following you';
      break;
    case 'like':
      text = n.relatedType === 'comment' ? 'liked your comment' : 'liked your post';
      break;
    case 'comment':
      text = 'commented on your post';
      detail = str(data.preview) ?? str(data.text);
      break;
    case 'mention':
      text = 'mentioned you';
      detail = str(data.preview) ?? str(data.text);
      break;
    case 'subscription':
      if (data.event === 'renewal_failed') {
        text = 'Your subscription renewal failed';
        detail = str(data.reason);
      } else if (data.event === 'cancelled' || data.event === 'canceled') {
        text = 'cancelled their subscription';
      } else text = 'subscribed to you';
      break;
    case 'tip':
      text = amount ? `sent you a ${amount} tip` : 'sent you a tip';
      detail = str(data.message);
      break;
    case 'purchase':
      text = amount ? `bought your content for ${amount}` : 'bought your content';
      break;
    case 'message':
      text = 'sent you a message';
      detail = str(data.preview);
      break;
    case 'payout': {
      const status = str(data.status);
      text = `Your payout${amount ? ` of ${amount}` : ''} ${status ? `is ${status}` : 'was updated'}`;
      break;
    }
    case 'collaboration': {
      const split = typeof data.splitPercent === 'number' ? ` (${data.splitPercent} % split)` : '';
      text =
        data.event === 'accepted'
          ? 'accepted your collaboration invite'
          : data.event === 'declined'
            ? 'declined your collaboration invite'
            : `invited you to collaborate on a post${split}`;
      break;
    }
    case 'admin':
    case 'system':
    default:
      text = message ?? 'You have a new notification';
      break;
  }
  const postId = postIdOf(n);
  const post = postId ? (options.posts?.[postId] ?? null) : null;
  // Likes and purchases have nothing to quote themselves: the post's caption says which one.
  return { actor, actorName, text, detail, href: notificationHref(n, actor, options.users), post };
}

/** Whether the sentence already stands on its own (no actor name in front). */
export function isStandalone(n: Notification): boolean {
  if (n.type === 'admin' || n.type === 'system' || n.type === 'payout') return true;
  return n.type === 'subscription' && n.data?.event === 'renewal_failed';
}

/** "Ana started following you": the whole sentence, for toasts and screen readers. */
export function notificationSentence(n: Notification, view: NotificationView): string {
  return isStandalone(n) ? view.text : `${view.actorName} ${view.text}`;
}

/** Day headings: Today, Yesterday, then weekday or date. */
export function dayLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'Earlier';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(at)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return at.toLocaleDateString(undefined, { weekday: 'long' });
  return at.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    year: at.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}

export function groupByDay<T extends { createdAt: string }>(
  items: T[],
  now = new Date(),
): Array<{ label: string; items: T[] }> {
  const groups: Array<{ label: string; items: T[] }> = [];
  for (const item of items) {
    const label = dayLabel(item.createdAt, now);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}
