import type { Community, CommunityPost } from '@fanspace/contracts';
import { CommunityLimits } from '@fanspace/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { HeartIcon, ImageIcon, MessageIcon, TrashIcon } from '../../../ui/icons.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import {
  useCommunityPostsQuery,
  useCreatePostMutation,
  useDeletePostMutation,
  useLikePostMutation,
} from '../queries.ts';
import { CommunityTab } from './community-tab.tsx';
import { plural } from '../../../lib/plural.ts';

function Composer({ communityId }: { communityId: string }) {
  const [content, setContent] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const create = useCreatePostMutation(communityId);
  const empty = !content.trim() && !image;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty) return;
    create.mutate(
      { content: content.trim(), image },
      {
        onSuccess: () => {
          setContent('');
          setImage(null);
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  }

  return (
    <Card className="mb-4 p-4">
      <form onSubmit={submit} className="flex flex-col gap-3" aria-label="New community post">
        <TextareaField
          label="Share something with the community"
          value={content}
          rows={3}
          maxLength={CommunityLimits.postMax}
          onChange={(e) => setContent(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-muted hover:text-fg">
            <ImageIcon size={18} aria-hidden />
            <span>{image ? image.name : 'Add an image (optional)'}</span>
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              className="sr-only"
              // the name holds the visible text (label in name)
              aria-label={image ? `Image: ${image.name}` : 'Add an image (optional)'}
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
          </label>
          <Button type="submit" loading={create.isPending} disabled={empty}>
            Post
          </Button>
        </div>
        <FormError message={create.error?.message} />
      </form>
    </Card>
  );
}

function PostCard({ post, communityId }: { post: CommunityPost; communityId: string }) {
  const like = useLikePostMutation(communityId);
  const remove = useDeletePostMutation();
  const name = post.author?.displayName ?? post.author?.username ?? 'Someone';
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="community-post">
      <div className="flex items-center gap-3">
        <Avatar name={name} src={post.author?.avatarUrl ?? null} size={36} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{name}</p>
          <p className="text-xs text-muted">{relativeTime(post.createdAt)}</p>
        </div>
        {post.canDelete ? (
          <IconButton
            label="Delete post"
            onClick={() => remove.mutate(post.id)}
            disabled={remove.isPending}
          >
            <TrashIcon size={16} />
          </IconButton>
        ) : null}
      </div>
      {post.content ? <p className="whitespace-pre-wrap text-fg">{post.content}</p> : null}
      {post.image?.url ? (
        <img
          src={post.image.url}
          alt={`Image shared by ${name}`}
          loading="lazy"
          className="max-h-[28rem] w-full rounded-2xl object-cover"
        />
      ) : null}
      <div>
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={post.isLiked}
          icon={
            <HeartIcon size={16} className={post.isLiked ? 'fill-current text-rose-500' : ''} />
          }
          onClick={() => like.mutate(post.id)}
        >
          {plural(post.likeCount, 'like')}
        </Button>
      </div>
    </Card>
  );
}

export function CommunityPosts({ community }: { community: Community }) {
  const readable = !community.isPrivate || community.isMember;
  const posts = useCommunityPostsQuery(community.id, readable);
  if (!readable)
    return (
      <EmptyState title="Members only" description="Join this community to read and write posts." />
    );
  return (
    <CommunityTab
      label="Posts"
      form={community.canPost ? <Composer communityId={community.id} /> : null}
      query={posts}
      skeletonClassName="h-32 rounded-3xl"
    >
      {(pages) =>
        pages[0]?.posts.length === 0 ? (
          <EmptyState
            icon={<MessageIcon size={26} />}
            title="No posts yet"
            description={
              community.canPost
                ? 'Say hello to start things off.'
                : 'Join to start the conversation.'
            }
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {pages
              .flatMap((page) => page.posts)
              .map((post) => (
                <li key={post.id}>
                  <PostCard post={post} communityId={community.id} />
                </li>
              ))}
          </ul>
        )
      }
    </CommunityTab>
  );
}
