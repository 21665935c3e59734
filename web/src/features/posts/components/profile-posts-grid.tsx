/**
 * The posts grid of a profile (GET /posts/user/{id}, 50 at a time, spec §9). Mounted by the
 * profile page; locked tiles show only the teaser, a lock badge and the price.
 */
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ImageIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useUserPostsQuery } from '../queries.ts';
import { InfinitePosts, postsOf } from './infinite-posts.tsx';

export function ProfilePostsGrid({
  userId,
  username,
  mediaOnly = false,
}: {
  userId: string;
  username?: string;
  /** The profile's Media tab: only posts that carry photos, videos or audio. */
  mediaOnly?: boolean;
}) {
  const me = useAuthStore((s) => s.user);
  const query = useUserPostsQuery(userId, { media: mediaOnly });
  const isOwn = me?.id === userId;

  return (
    <InfinitePosts
      query={query}
      posts={postsOf(query.data)}
      layout="grid"
      label={`${mediaOnly ? 'Media' : 'Posts'}${username ? ` by @${username}` : ''}`}
      endMessage={null}
      errorTitle="Could not load the posts"
      empty={
        <EmptyState
          icon={<ImageIcon size={26} />}
          title={mediaOnly ? 'No media yet' : 'No posts yet'}
          description={
            isOwn
              ? 'When you post, it will show up here for your followers and subscribers.'
              : username
                ? `When @${username} posts, it will show up here.`
                : 'Posts will show up here.'
          }
        />
      }
    />
  );
}
