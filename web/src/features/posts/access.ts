/** What a locked post says and offers, by access level (spec §3 Post accessDetails). */
import {
  PAID_ACCESS_LEVELS,
  POST_PRICE_CENTS,
  type AccessDetails,
  type PostAccessLevel,
} from '@fanspace/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(amount: number): string {
  return usd.format(amount);
}

export const PRICE_MIN = POST_PRICE_CENTS.min / 100;
export const PRICE_MAX = POST_PRICE_CENTS.max / 100;

export function isPaidLevel(level: PostAccessLevel): boolean {
  return PAID_ACCESS_LEVELS.includes(level);
}

export const ACCESS_LABELS: Record<PostAccessLevel, string> = {
  public: 'Everyone',
  followers: 'Followers',
  subscribers: 'Subscribers',
  paid: 'Pay to unlock',
  subscribers_or_paid: 'Subscribers or pay',
};

export interface LockCopy {
  /** The overlay's main line: the price, 'Subscribe to unlock' or 'Follow to see'. */
  headline: string;
  detail: string;
  /** Price when the post can be bought once. */
  price: number | null;
  canSubscribe: boolean;
  canFollow: boolean;
}

export function lockCopy(access: AccessDetails, username: string): LockCopy {
  const price = access.requiresUnlock && access.price !== null ? access.price : null;
  switch (access.accessLevel) {
    case 'followers':
      return {
        headline: 'Follow to see',
        detail: `@${username} shares this post with followers.`,
        price: null,
        canSubscribe: false,
        canFollow: true,
      };
    case 'subscribers':
      return {
        headline: 'Subscribe to unlock',
        detail: `Only @${username}'s subscribers can see this post.`,
        price: null,
        canSubscribe: true,
        canFollow: false,
      };
    case 'subscribers_or_paid':
      return {
        headline: 'Subscribe to unlock',
        detail:
          price === null
            ? `Subscribers of @${username} see this post.`
            : `Or unlock this post once for ${formatPrice(price)}.`,
        price,
        canSubscribe: true,
        canFollow: false,
      };
    case 'paid':
      return {
        headline: price === null ? 'Pay to unlock' : formatPrice(price),
        detail: 'Unlock this post to see it.',
        price,
        canSubscribe: false,
        canFollow: false,
      };
    case 'public':
      return {
        headline: 'Log in to see',
        detail: 'This post is public to signed-in members.',
        price: null,
        canSubscribe: false,
        canFollow: false,
      };
  }
}
