/** Home feed (GET /posts): posts of followed and subscribed creators plus own, newest first. */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { CompassIcon, SparklesIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { displayNameOf, isCreatorUser } from '../../auth/user.ts';
import { TrendingCreators } from '../../people/components/trending-creators.tsx';
import { InfinitePosts, postsOf } from '../../posts/components/infinite-posts.tsx';
import { PostListSkeleton } from '../../posts/components/post-skeleton.tsx';
import { ComposerPrompt } from '../components/composer-prompt.tsx';
import { StoryTray } from '../../stories/components/story-tray.tsx';
import { OnboardingCard } from '../../community/components/onboarding-card.tsx';
import { useOnboardingQuery } from '../../community/queries.ts';
import { useStoryTrayQuery } from '../../stories/queries.ts';
import { useFeedQuery, useRefreshFeedOnFollowChange } from '../queries.ts';

function EmptyFeed() {
  return (
    <section
      aria-labelledby="empty-feed-title"
      className="rounded-3xl border border-dashed border-line px-5 py-8 sm:px-8"
    >
      <div className="flex flex-col items-center text-center">
        <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-text">
          <SparklesIcon size={26} />
        </div>
        <h2 id="empty-feed-title" className="text-lg font-semibold text-fg">
          Your feed is waiting
        </h2>
        <p className="mt-2 max-w-sm text-sm text-muted">
          Follow a few creators and their posts will appear here, newest first.
        </p>
      </div>
      <h3 className="mt-8 mb-1 text-sm font-semibold text-fg">Suggestions to follow</h3>
      <TrendingCreators limit={6} label="Suggestions to follow" showBio />
      <div className="mt-6 flex justify-center">
        <ButtonLink to="/discover" variant="secondary" icon={<CompassIcon size={18} />}>
          Discover more
        </ButtonLink>
      </div>
    </section>
  );
}

export function FeedPage() {
  useDocumentTitle('Home');
  const user = useAuthStore((s) => s.user);
  const creator = isCreatorUser(user);
  const firstName = displayNameOf(user).split(' ')[0];
  const feed = useFeedQuery('home');
  useRefreshFeedOnFollowChange();
  // The "Get started" card shows nothing until its checklist is there: everything below it
  // waits for it too (at most until a first failure), so the card does not push the feed's
  // skeleton down when it arrives (a layout shift); a skeleton of its own stands in, replaced
  // rather than moved. The tray's query starts meanwhile.
  const onboarding = useOnboardingQuery();
  useStoryTrayQuery();
  const settled = !(onboarding.isLoading && onboarding.failureCount === 0);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 xl:grid-cols-[minmax(0,1fr)_320px]">
      <div className="mx-auto w-full max-w-2xl min-w-0">
        <header className="mb-6">
          <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
            Welcome, {firstName}
          </h1>
          <p className="mt-1 text-muted">What is new from the creators you follow.</p>
        </header>
        {settled ? (
          <>
            <OnboardingCard />
            <StoryTray />
            {creator ? <ComposerPrompt /> : null}
            <InfinitePosts
              query={feed}
              posts={postsOf(feed.data)}
              label="Home feed"
              empty={<EmptyFeed />}
            />
          </>
        ) : (
          <PostListSkeleton />
        )}
      </div>

      <aside aria-label="Suggestions" className="hidden xl:block">
        <div className="sticky top-24 flex flex-col gap-4">
          <Card className="p-5">
            <h2 className="font-semibold text-fg">Trending creators</h2>
            <TrendingCreators limit={5} compact />
            <Link
              to="/discover"
              className="mt-3 inline-block text-sm font-medium text-accent-text hover:underline"
            >
              See more on Discover
            </Link>
          </Card>
          {!creator ? (
            <Card className="bg-[linear-gradient(135deg,var(--fs-accent-soft),transparent)] p-5">
              <p className="text-sm font-semibold text-fg">Make things people love?</p>
              <p className="mt-1 text-xs text-muted">
                Become a creator to post, run subscriptions and receive tips.
              </p>
              <ButtonLink to="/create" size="sm" variant="secondary" className="mt-3">
                Become a creator
              </ButtonLink>
            </Card>
          ) : null}
        </div>
      </aside>
    </div>
  );
}
