import type { PublicUser, WishlistItem } from '@fanspace/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { GiftIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { userIdOf } from '../../auth/user.ts';
import { formatPrice } from '../../posts/access.ts';
import { TipDialog } from '../../tips/tip-dialog.tsx';
import { commerceKeys, useWishlistQuery } from '../queries.ts';
import { ProgressBar } from './progress-bar.tsx';

/** A creator's wishlist on their profile: progress per item, and "Fund" opens a wishlist tip. */
export function ProfileWishlist({ user, isOwn }: { user: PublicUser; isOwn: boolean }) {
  const wishlist = useWishlistQuery(user.id);
  if (wishlist.isPending) return <LoadingState label="Loading wishlist…" />;
  if (wishlist.isError)
    return (
      <ErrorState title="Could not load the wishlist" onRetry={() => void wishlist.refetch()} />
    );
  if (!wishlist.data.items.length)
    return (
      <EmptyState
        icon={<GiftIcon size={26} />}
        title="No wishlist items yet"
        description={
          isOwn
            ? 'Add goals fans can fund in Creator tools.'
            : `@${user.username} has not added any wishlist items.`
        }
      />
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Wishlist">
      {wishlist.data.items.map((item) => (
        <WishlistCard key={item.id} item={item} user={user} isOwn={isOwn} />
      ))}
    </ul>
  );
}

function WishlistCard({
  item,
  user,
  isOwn,
}: {
  item: WishlistItem;
  user: PublicUser;
  isOwn: boolean;
}) {
  const me = useAuthStore((s) => s.user);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const canFund = !isOwn && !item.completed && userIdOf(me) !== null;
  return (
    <li className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4">
      {item.imageUrl ? (
        <img src={item.imageUrl} alt="" className="h-36 w-full rounded-2xl object-cover" />
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold wrap-anywhere text-fg">{item.title}</h3>
        {item.completed ? <Badge>Funded</Badge> : null}
      </div>
      {item.description ? (
        <p className="text-sm wrap-anywhere whitespace-pre-line text-muted">{item.description}</p>
      ) : null}
      <ProgressBar value={item.progress} label={`${item.title} funding`} />
      <p className="text-sm text-muted">
        <span className="font-semibold text-fg">{formatPrice(item.fundedAmount)}</span> of{' '}
        {formatPrice(item.goalAmount)} · {item.progress}%
      </p>
      {canFund ? (
        <Button size="sm" icon={<GiftIcon size={16} />} onClick={() => setOpen(true)}>
          Fund this
        </Button>
      ) : null}
      {open ? (
        <TipDialog
          open
          onClose={() => {
            setOpen(false);
            void client.invalidateQueries({ queryKey: commerceKeys.wishlist(user.id) });
          }}
          recipient={user}
          tipType="wishlist"
          contentId={item.id}
        />
      ) : null}
    </li>
  );
}
