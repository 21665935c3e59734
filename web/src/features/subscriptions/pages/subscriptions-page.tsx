/**
 * My subscriptions: who I pay each month, when each renews or ends, and the controls of §7
 * (DELETE /subscriptions/{id} to cancel, PUT …/recurring to switch renewal). Cancelling keeps
 * access to the end of the paid period; an ended subscription is renewed from the profile.
 */
import type { Subscription } from '@fanspace/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { UsersIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { formatPrice } from '../../posts/access.ts';
import {
  hasAccess,
  useMySubscriptionsQuery,
  useSubscriptionChange,
} from '../../profile/subscriptions.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function statusOf(s: Subscription): { badge: string; line: string } {
  const end = day(s.currentPeriodEnd);
  if (!hasAccess(s)) return { badge: 'Ended', line: `Ended on ${end}` };
  if (s.status === 'canceled' || !s.isRecurring)
    return { badge: 'Not renewing', line: `Access until ${end}, then it ends` };
  return { badge: 'Active', line: `Renews on ${end} for ${formatPrice(s.price)}` };
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const change = useSubscriptionChange();
  const [confirming, setConfirming] = useState(false);
  const creator = subscription.creator;
  const name = creator?.displayName ?? creator?.username ?? 'Creator';
  const { badge, line } = statusOf(subscription);
  const active = hasAccess(subscription);
  const renewing = active && subscription.status !== 'canceled' && subscription.isRecurring;
  const run = (action: 'cancel' | 'renew-on' | 'renew-off', done: string) =>
    change.mutate(
      { id: subscription.id, action },
      {
        onSuccess: () => {
          toast.success(done);
          setConfirming(false);
        },
        onError: (error) =>
          toast.error(errorMessageOf(error, 'Could not change the subscription. Try again.')),
      },
    );

  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <Link
        to={creator ? `/u/${creator.username}` : '#'}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl"
      >
        <Avatar name={name} src={creator?.avatarUrl ?? null} size={48} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{name}</p>
          <p className="truncate text-sm text-muted">
            {creator ? `@${creator.username} · ` : ''}
            {formatPrice(subscription.price)} / 30 days
          </p>
          <p className="text-sm text-muted">{line}</p>
        </div>
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{badge}</Badge>
        {renewing ? (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        ) : active ? (
          <Button
            size="sm"
            loading={change.isPending}
            onClick={() => run('renew-on', `Your subscription to ${name} will renew again.`)}
          >
            Resume renewal
          </Button>
        ) : creator ? (
          <ButtonLink size="sm" to={`/u/${creator.username}`}>
            Subscribe again
          </ButtonLink>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title={`Cancel your subscription to ${name}?`}
        description={`You keep access until ${day(subscription.currentPeriodEnd)}. Nothing more is charged, and what you paid is not refunded.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={change.isPending}
              onClick={() =>
                run(
                  'cancel',
                  `Cancelled. You keep access until ${day(subscription.currentPeriodEnd)}.`,
                )
              }
            >
              Cancel subscription
            </Button>
          </>
        }
      />
    </Card>
  );
}

export function SubscriptionsPage() {
  useDocumentTitle('Subscriptions');
  const subscriptions = useMySubscriptionsQuery();
  return (
    <Page
      title="Subscriptions"
      description="The creators you subscribe to, when each renews, and how to stop."
    >
      {subscriptions.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading subscriptions">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : subscriptions.isError ? (
        <ErrorState
          title="Could not load your subscriptions"
          onRetry={() => void subscriptions.refetch()}
        />
      ) : subscriptions.data.subscriptions.length === 0 ? (
        <EmptyState
          icon={<UsersIcon size={28} />}
          title="No subscriptions yet"
          description="Subscribe to a creator to see their subscriber-only posts."
          action={<ButtonLink to="/discover">Discover creators</ButtonLink>}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {subscriptions.data.subscriptions.map((s) => (
            <li key={s.id}>
              <SubscriptionRow subscription={s} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
