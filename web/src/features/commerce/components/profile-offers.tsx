import type { PublicUser } from '@fanspace/contracts';
import { Link } from 'react-router';
import { SparklesIcon } from '../../../ui/icons.tsx';
import { formatPrice } from '../../posts/access.ts';
import { hasAccess, useMySubscriptionsQuery } from '../../profile/subscriptions.ts';
import { useDiscountsQuery } from '../queries.ts';

/**
 * Live promotions of a creator, shown on their profile with a link to claim each – not to a
 * fan who already has a subscription to them (every promotion is a way to start one). The
 * offers are still fetched with the page (its prefetch and the HTML's boot data ask for both
 * at once); the caller's subscriptions are what the header waits for anyway.
 */
export function ProfileOffers({ user, isOwn }: { user: PublicUser; isOwn: boolean }) {
  const offers = useDiscountsQuery(user.id, !isOwn && user.subscriptionPrice > 0);
  const subscriptions = useMySubscriptionsQuery();
  const current = subscriptions.data?.subscriptions.find((s) => s.creatorId === user.id);
  const list = offers.data?.promotions ?? [];
  if (!list.length || (current && hasAccess(current))) return null;
  return (
    <ul className="mt-4 flex flex-col gap-2" aria-label="Offers">
      {list.map((p) => (
        <li key={p.id}>
          <Link
            to={`/promotions/claim/${encodeURIComponent(p.claimToken)}`}
            className="flex items-center gap-2 rounded-2xl border border-accent/40 bg-accent/10 px-4 py-3 text-sm font-medium text-fg hover:bg-accent/20"
          >
            <SparklesIcon size={16} className="text-accent-text" />
            <span>
              {p.title}:{' '}
              {p.kind === 'free_trial'
                ? `${p.trialDays} days for ${formatPrice(0)}`
                : `${formatPrice(p.promoPrice)} instead of ${formatPrice(p.price)}`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
