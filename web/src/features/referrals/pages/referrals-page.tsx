/**
 * /referrals – my referral link (copy button), how many people signed up with it and how many
 * became creators, who they are, and what their sales earned me: a part of each sale paid from
 * the platform's fee, held and released like creator earnings.
 */
import type { ReferralsOverview, ReferredUser } from '@fanspace/contracts';
import { Link } from 'react-router';
import { copyText } from '../../../lib/clipboard.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CopyIcon, GiftIcon, UsersIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { formatPrice } from '../../posts/access.ts';
import { useReferralsQuery } from '../queries.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

async function copyLink(link: string) {
  if (await copyText(link)) toast.success('Referral link copied');
  else toast.error('Could not copy the link. Select it and copy it by hand.');
}

function LinkCard({ overview }: { overview: ReferralsOverview }) {
  const { earnings } = overview;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-fg">Your referral link</h2>
      <p className="mt-1 text-sm text-muted">
        When someone signs up with it and earns as a creator, you receive {earnings.ratePercent}% of
        their sales for {earnings.windowMonths} months, paid from the platform&apos;s fee (never
        from their share).
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="referral-link" className="sr-only">
          Referral link
        </label>
        <input
          id="referral-link"
          readOnly
          value={overview.link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2 text-sm text-fg"
        />
        <Button onClick={() => void copyLink(overview.link)} icon={<CopyIcon size={16} />}>
          Copy link
        </Button>
      </div>
      <p className="mt-2 text-sm text-muted">
        Your code: <span className="font-mono font-semibold text-fg">{overview.code}</span>
      </p>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-bold text-fg">{value}</dd>
    </div>
  );
}

function Summary({ overview }: { overview: ReferralsOverview }) {
  const { counts, earnings } = overview;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-fg">People</h2>
        <dl className="mt-3 grid grid-cols-2 gap-4" aria-label="Referral counts">
          <Figure label="Signed up" value={String(counts.signedUp)} />
          <Figure label="Became creators" value={String(counts.becameCreators)} />
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-fg">Referral earnings</h2>
        <dl className="mt-3 grid grid-cols-3 gap-4" aria-label="Referral earnings">
          <Figure label="Total" value={formatPrice(earnings.total)} />
          <Figure label="Pending" value={formatPrice(earnings.pending)} />
          <Figure label="Available" value={formatPrice(earnings.available)} />
        </dl>
        <p className="mt-3 text-sm text-muted">
          After refunds. Pending earnings become available after the same 7-day hold as creator
          earnings; available ones are paid out with your{' '}
          <Link to="/earnings" className="underline hover:text-fg">
            earnings
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}

function ReferredRow({ person }: { person: ReferredUser }) {
  return (
    <li className="flex items-center justify-between gap-4 border-b border-line py-3 last:border-b-0">
      <div className="min-w-0">
        <p className="truncate font-medium text-fg">{person.displayName ?? person.username}</p>
        <p className="truncate text-sm text-muted">
          @{person.username} · joined {day(person.joinedAt)}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {person.isCreator ? <Badge>Creator</Badge> : null}
        <span
          className="text-sm text-fg"
          aria-label={`Earned ${formatPrice(person.earnedCents / 100)}`}
        >
          {formatPrice(person.earnedCents / 100)}
        </span>
      </div>
    </li>
  );
}

export function ReferralsPage() {
  useDocumentTitle('Referrals');
  const query = useReferralsQuery();
  const first = query.data?.pages[0];
  const people = query.data?.pages.flatMap((p) => p.referred) ?? [];
  return (
    <Page title="Referrals" description="Invite people to Fanspace and earn from their sales.">
      {query.isPending ? (
        <LoadingState label="Loading referrals…" />
      ) : query.isError || !first ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <LinkCard overview={first} />
          <Summary overview={first} />
          <Card className="p-5">
            <h2 className="text-lg font-semibold text-fg">People you referred</h2>
            {people.length === 0 ? (
              <EmptyState
                className="mt-4"
                icon={<GiftIcon size={26} />}
                title="No one yet"
                description="Share your link: everyone who signs up with it appears here."
              />
            ) : (
              <>
                <ul className="mt-2" aria-label="People you referred">
                  {people.map((p) => (
                    <ReferredRow key={`${p.username}-${p.joinedAt}`} person={p} />
                  ))}
                </ul>
                {query.hasNextPage ? (
                  <Button
                    variant="secondary"
                    className="mt-4"
                    loading={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                    icon={<UsersIcon size={16} />}
                  >
                    Show more
                  </Button>
                ) : null}
              </>
            )}
          </Card>
        </div>
      )}
    </Page>
  );
}
