/** /tags/:tag – posts carrying a hashtag (GET /search with '#tag', posts filter). */
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CompassIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { InfinitePosts } from '../../posts/components/infinite-posts.tsx';
import { HashIcon } from '../../posts/icons.tsx';
import { normaliseHashtag } from '../../composer/validation.ts';
import { useSearchQuery } from '../queries.ts';
import { pluralWord } from '../../../lib/plural.ts';

export function HashtagPage() {
  const { tag: raw = '' } = useParams();
  const tag = normaliseHashtag(raw) ?? raw.toLowerCase();
  useDocumentTitle(`#${tag}`);
  const query = useSearchQuery(`#${tag}`, 'posts');
  const posts = (query.data?.pages ?? []).flatMap((page) => page.posts);
  const count = new Set(posts.map((p) => p.id)).size;

  return (
    <Page
      title={`#${tag}`}
      width="narrow"
      description={
        query.isSuccess
          ? `${count}${query.hasNextPage ? '+' : ''} ${pluralWord(count, 'post')}`
          : 'Posts with this hashtag'
      }
    >
      <InfinitePosts
        query={query}
        posts={[...new Map(posts.map((p) => [p.id, p])).values()]}
        label={`Posts tagged #${tag}`}
        endMessage={null}
        empty={
          <EmptyState
            icon={<HashIcon size={26} />}
            title={`No posts with #${tag} yet`}
            description="Posts you are allowed to see will show up here when someone uses this hashtag."
            action={
              <ButtonLink to="/discover" icon={<CompassIcon size={18} />}>
                Discover posts
              </ButtonLink>
            }
          />
        }
      />
    </Page>
  );
}
