/** /purchased – the posts the viewer bought (GET /purchased-content). */
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CompassIcon, LockIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { InfinitePosts, postsOf } from '../components/infinite-posts.tsx';
import { usePurchasedContentQuery } from '../queries.ts';

export function PurchasedPage() {
  useDocumentTitle('Purchased');
  const query = usePurchasedContentQuery();
  return (
    <Page
      title="Purchased"
      width="narrow"
      description="Posts you unlocked. They stay yours, even if you unsubscribe."
    >
      <InfinitePosts
        query={query}
        posts={postsOf(query.data)}
        label="Purchased posts"
        endMessage={null}
        errorTitle="Could not load your purchases"
        empty={
          <EmptyState
            icon={<LockIcon size={26} />}
            title="Nothing purchased yet"
            description="When you unlock a paid post, it is kept here so you can find it again."
            action={
              <ButtonLink to="/discover" icon={<CompassIcon size={18} />}>
                Discover creators
              </ButtonLink>
            }
          />
        }
      />
    </Page>
  );
}
