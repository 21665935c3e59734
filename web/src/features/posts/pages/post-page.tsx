/** /p/:postId – one post with its comments. */
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CompassIcon, ImageIcon } from '../../../ui/icons.tsx';
import { displayNameOf } from '../../auth/user.ts';
import { CommentsSection } from '../comments/comments-section.tsx';
import { PostCard } from '../components/post-card.tsx';
import { PostSkeleton } from '../components/post-skeleton.tsx';
import { usePostQuery } from '../queries.ts';

export function PostPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const post = usePostQuery(postId);
  useDocumentTitle(post.data ? `Post by ${displayNameOf(post.data.user)}` : 'Post');

  useEffect(() => {
    if (hash === '#comments' && post.data) {
      document.getElementById('comments')?.scrollIntoView({ block: 'start' });
    }
  }, [hash, post.data]);

  let content;
  if (post.isPending) {
    content = <PostSkeleton />;
  } else if (post.isError) {
    const status = isApiError(post.error) ? post.error.status : 0;
    content =
      status === 404 || status === 400 ? (
        <EmptyState
          icon={<ImageIcon size={26} />}
          title="This post isn’t available"
          description="It may have been deleted, or its creator is not visible to you."
          action={
            <ButtonLink to="/discover" icon={<CompassIcon size={18} />}>
              Discover posts
            </ButtonLink>
          }
        />
      ) : (
        <ErrorState title="Could not load this post" onRetry={() => void post.refetch()} />
      );
  } else {
    content = (
      <>
        <PostCard
          post={post.data}
          variant="detail"
          onDeleted={() => navigate('/', { replace: true })}
        />
        <CommentsSection post={post.data} />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="sr-only">Post</h1>
      {content}
    </div>
  );
}
