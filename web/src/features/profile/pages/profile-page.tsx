/** /u/:username – anyone's profile, your own included (spec §2/§3 User). */
import type { PublicUser } from '@fanspace/contracts';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { BadgeCheckIcon, BanIcon, LinkIcon, SettingsIcon, UserIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf, isCreatorUser } from '../../auth/user.ts';
import { ProfilePostsGrid } from '../../posts/components/profile-posts-grid.tsx';
import { FollowButton } from '../components/follow-button.tsx';
import { SubscribeButton } from '../components/subscribe-button.tsx';
import { MessageButton } from '../../messages/components/message-button.tsx';
import { TipButton } from '../../tips/tip-button.tsx';
import { ProfileActionsMenu } from '../components/profile-actions-menu.tsx';
import { useMySubscriptionsQuery } from '../subscriptions.ts';
import {
  isMissingProfileError,
  isOwnProfile,
  profileFollowUps,
  relationState,
  useProfileQuery,
  useRelationMutation,
} from '../queries.ts';
import { useDiscountsQuery } from '../../commerce/queries.ts';
import { useUserWidgets } from '../../creator-kit/queries.ts';
import { useUserPostsQuery } from '../../posts/queries.ts';
import { ProfileWishlist } from '../../commerce/components/profile-wishlist.tsx';
import { ProfileQanda } from '../../commerce/components/profile-qanda.tsx';
import { ProfileOffers } from '../../commerce/components/profile-offers.tsx';
import { ProfileWidgets } from '../../creator-kit/profile-widgets.tsx';
import { CreatorNotesPanel } from '../../creator-kit/creator-notes-panel.tsx';
import { displayLocale } from '../../../lib/intl.ts';
import { pluralWord } from '../../../lib/plural.ts';

const TABS = ['Posts', 'Media', 'Wishlist', 'Q&A'] as const;

function Stat({ value, label, to }: { value: number; label: string; to?: string }) {
  const text = (
    <>
      <span className="font-semibold text-fg">{value.toLocaleString(displayLocale())}</span> {label}
    </>
  );
  return (
    <li className="text-sm text-muted">
      {to ? (
        <Link to={to} className="hover:underline">
          {text}
        </Link>
      ) : (
        text
      )}
    </li>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl" aria-busy="true">
      <span className="sr-only" role="status">
        Loading profile…
      </span>
      <Skeleton className="h-36 rounded-3xl sm:h-48" />
      <div className="-mt-12 px-2 sm:px-6">
        <Skeleton className="h-[104px] w-[104px] rounded-full ring-4 ring-canvas" />
        <Skeleton className="mt-4 h-7 w-48" />
        <Skeleton className="mt-2 h-4 w-32" />
        <Skeleton className="mt-4 h-4 w-full max-w-md" />
      </div>
    </div>
  );
}

function BlockedNotice({ user }: { user: PublicUser }) {
  const relation = useRelationMutation();
  return (
    <EmptyState
      icon={<BanIcon size={26} />}
      title={`You blocked @${user.username}`}
      description="You will not see their posts and they cannot message you. Unblock them to see their profile again."
      action={
        <Button
          variant="secondary"
          loading={relation.isPending}
          onClick={() => relation.mutate({ action: 'unblock', user })}
        >
          Unblock
        </Button>
      }
    />
  );
}

/**
 * Whether the parts of the header that load after the profile (offers, widgets) are there. The
 * counts and the tabs wait for them – at most until a first failure – so a card arriving above
 * does not push them down (a layout shift); the posts query starts at once all the same (the
 * grid's key).
 */
function useHeaderSettled(user: PublicUser, isOwn: boolean): boolean {
  const me = useAuthStore((s) => s.user);
  // the same conditions as ProfileOffers' query and the page's prefetch (profile/prefetch.ts)
  const next = profileFollowUps(me, user, isOwn);
  const offers = useDiscountsQuery(user.id, next.offers);
  const widgets = useUserWidgets(next.widgetsAndPosts ? user.id : undefined);
  useUserPostsQuery(next.widgetsAndPosts ? user.id : undefined);
  return ![offers, widgets].some((q) => q.isLoading && q.failureCount === 0);
}

export function ProfileView({ user, isOwn }: { user: PublicUser; isOwn: boolean }) {
  const me = useAuthStore((s) => s.user);
  const [tab, setTab] = useState<(typeof TABS)[number]>('Posts');
  const name = displayNameOf(user);
  const creator = isCreatorUser(user);
  const { blocked } = relationState(me, user);
  const settled = useHeaderSettled(user, isOwn);
  // Your own avatar and banner change in settings; show them at once, not after a refetch.
  const avatar = isOwn ? (avatarUrlOf(me) ?? avatarUrlOf(user)) : avatarUrlOf(user);
  const banner = isOwn ? (me?.bannerUrl ?? user.bannerUrl) : user.bannerUrl;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <div className="relative h-36 overflow-hidden rounded-3xl bg-[linear-gradient(120deg,var(--fs-accent),var(--fs-accent-2))] sm:h-52">
        {banner ? <img src={banner} alt="" className="h-full w-full object-cover" /> : null}
      </div>
      {/* Phone: the small buttons sit beside the avatar and Follow/Subscribe share a full row
          below; from sm up everything is one row at the avatar's foot. */}
      <div className="relative -mt-12 flex flex-wrap items-end gap-x-3 gap-y-4 px-2 sm:-mt-14 sm:px-6">
        <Avatar name={name} src={avatar} size={104} className="ring-4 ring-canvas" />
        {isOwn ? (
          <div className="ml-auto pb-1">
            <ButtonLink
              to="/settings/profile"
              variant="outline"
              size="sm"
              icon={<SettingsIcon size={16} />}
            >
              Edit profile
            </ButtonLink>
          </div>
        ) : (
          <>
            {blocked ? null : (
              <div className="order-last flex w-full gap-2 *:flex-1 sm:order-none sm:ml-auto sm:w-auto sm:pb-1 sm:*:flex-none">
                <FollowButton user={user} />
                <SubscribeButton user={user} />
              </div>
            )}
            <div
              className={`flex items-center gap-2 pb-1 ${blocked ? 'ml-auto' : 'max-sm:ml-auto'}`}
            >
              {blocked ? null : <MessageButton user={user} />}
              {blocked ? null : <TipButton recipient={user} tipType="profile" />}
              <ProfileActionsMenu user={user} />
            </div>
          </>
        )}
      </div>

      <div className="mt-4 px-2 sm:px-6">
        <h1 className="font-display flex items-center gap-2 text-2xl font-extrabold tracking-tight text-fg">
          {/* a flex item is as wide as its longest word unless allowed to shrink and wrap it */}
          <span className="min-w-0 wrap-anywhere">{name}</span>
          {user.isVerified ? (
            <BadgeCheckIcon size={20} className="shrink-0 text-accent-text" title="Verified" />
          ) : null}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-muted">
          <span className="min-w-0 wrap-anywhere">@{user.username}</span>
          {creator ? <Badge>Creator</Badge> : null}
          {!isOwn && relationState(me, user).restricted ? (
            <Badge className="bg-surface-3 text-muted">Restricted</Badge>
          ) : null}
        </p>
        {user.bio ? (
          <p className="mt-3 max-w-prose whitespace-pre-line wrap-anywhere text-fg">{user.bio}</p>
        ) : isOwn ? (
          <p className="mt-3 text-sm text-subtle">
            Add a bio in settings so people know what you are about.
          </p>
        ) : null}
        {user.socialLinks.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2" aria-label="Links">
            {user.socialLinks.map((link) => (
              <li key={link.id}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-text hover:underline"
                >
                  <LinkIcon size={15} />
                  <span className="capitalize">{link.platform}</span>
                  <span className="text-muted">· {hostOf(link.url)}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {settled ? (
          <>
            {creator && !blocked ? <ProfileOffers user={user} isOwn={isOwn} /> : null}
            <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-1" aria-label="Counts">
              <Stat value={user.postsCount} label={pluralWord(user.postsCount, 'post')} />
              {/* the lists are the owner's alone (the server lists only the caller's own) */}
              {/* null: the account hides its follower count (privacy), so no number at all */}
              {user.followersCount === null ? null : (
                <Stat
                  value={user.followersCount}
                  label={pluralWord(user.followersCount, 'follower')}
                  to={isOwn ? `/u/${encodeURIComponent(user.username)}/followers` : undefined}
                />
              )}
              <Stat
                value={user.followingCount}
                label="following"
                to={isOwn ? `/u/${encodeURIComponent(user.username)}/following` : undefined}
              />
              {creator ? (
                <Stat
                  value={user.subscriberCount}
                  label={pluralWord(user.subscriberCount, 'subscriber')}
                />
              ) : null}
            </ul>
          </>
        ) : null}
      </div>

      {/* after the header has settled too: widgets that arrive before the offers would
          otherwise be pushed down by the offers and the counts (a layout shift) */}
      {settled && !(blocked && !isOwn) ? <ProfileWidgets userId={user.id} /> : null}
      {!isOwn && isCreatorUser(me) ? (
        <CreatorNotesPanel
          userId={user.id}
          className="mx-2 mt-6 rounded-2xl border border-line p-4 sm:mx-6"
        />
      ) : null}
      {blocked && !isOwn ? (
        <div className="mt-8">
          <BlockedNotice user={user} />
        </div>
      ) : !settled ? null : (
        <>
          <div
            role="tablist"
            aria-label="Profile content"
            className="mt-8 flex gap-2 border-b border-line px-2 sm:px-6"
          >
            {TABS.filter((label) => creator || label === 'Posts' || label === 'Media').map(
              (label) => (
                <button
                  key={label}
                  id={`profile-tab-${label}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === label}
                  aria-controls="profile-tabpanel"
                  onClick={() => setTab(label)}
                  className={cn(
                    '-mb-px border-b-2 px-4 pb-3 text-sm font-semibold transition-colors',
                    tab === label
                      ? 'border-accent text-fg'
                      : 'border-transparent text-muted hover:text-fg',
                  )}
                >
                  {label}
                </button>
              ),
            )}
          </div>
          <div
            id="profile-tabpanel"
            role="tabpanel"
            aria-labelledby={`profile-tab-${tab}`}
            className="mt-6"
          >
            {tab === 'Wishlist' ? (
              <ProfileWishlist user={user} isOwn={isOwn} />
            ) : tab === 'Q&A' ? (
              <ProfileQanda user={user} isOwn={isOwn} />
            ) : (
              <ProfilePostsGrid
                userId={user.id}
                username={user.username}
                mediaOnly={tab === 'Media'}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function ProfilePage() {
  const { username = '' } = useParams();
  const me = useAuthStore((s) => s.user);
  const isOwn = isOwnProfile(me, username);
  const profile = useProfileQuery(username);
  // The Subscribe button turns into 'Subscribed' when the caller's subscriptions arrive: a
  // narrower button can rewrap the header's row of buttons and move everything below it (a
  // layout shift, seen on the widgets). Someone else's profile shows once both are there (the
  // prefetch asks for both at once), at most until the subscriptions' first failure.
  const subscriptions = useMySubscriptionsQuery();
  const waitingForSubscriptions =
    !isOwn && subscriptions.isLoading && subscriptions.failureCount === 0;
  useDocumentTitle(
    profile.data ? `${displayNameOf(profile.data)} (@${profile.data.username})` : `@${username}`,
  );

  if (profile.isPending || (profile.isSuccess && waitingForSubscriptions))
    return <ProfileSkeleton />;
  if (profile.isError) {
    if (isMissingProfileError(profile.error)) {
      return (
        <EmptyState
          className="mx-auto max-w-3xl"
          icon={<UserIcon size={26} />}
          title="This account doesn’t exist"
          description={`There is no one called @${username} here, or the account is not available.`}
          action={<ButtonLink to="/discover">Find creators</ButtonLink>}
        />
      );
    }
    return (
      <ErrorState
        className="mx-auto max-w-3xl"
        title="Could not load this profile"
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <ProfileView user={profile.data} isOwn={isOwn} />;
}

/** /profile and /profile/:username: the old paths, kept working. */
export function ProfileRedirect() {
  const { username } = useParams();
  const me = useAuthStore((s) => s.user);
  const target = username ?? me?.username;
  if (!target) return <Navigate to="/settings/profile" replace />;
  return <Navigate to={`/u/${encodeURIComponent(target)}`} replace />;
}
