/** The "…" menu of a post: copy link for everyone; edit and delete for its owner; report for others. */
import type { Post } from '@fanspace/contracts';
import { useState } from 'react';
import { copyText } from '../../../lib/clipboard.ts';
import { FlagIcon, LinkIcon, MoreIcon, TrashIcon } from '../../../ui/icons.tsx';
import { Menu, type MenuItem } from '../../../ui/menu.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { PencilIcon } from '../icons.tsx';
import { DeletePostDialog } from './delete-post-dialog.tsx';
import { EditCaptionDialog } from './edit-caption-dialog.tsx';
import { ReportDialog } from '../../reports/report-dialog.tsx';
import { sharePost } from '../../community/share-post.ts';
import { InviteCollaboratorDialog } from '../../creator-kit/invite-collaborator-dialog.tsx';
import { UsersIcon } from '../../../ui/icons.tsx';

export function postUrl(postId: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/p/${encodeURIComponent(postId)}`;
}

export async function copyPostLink(postId: string): Promise<void> {
  const ok = await copyText(postUrl(postId));
  if (ok) toast.success('Link copied.');
  else toast.error('Could not copy the link. Copy it from the address bar instead.');
}

export function PostMenu({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'report' | 'collab' | null>(null);
  const items: MenuItem[] = [
    {
      label: 'Copy link',
      icon: <LinkIcon size={18} />,
      onSelect: () => void copyPostLink(post.id),
    },
  ];
  if (post.accessDetails.accessLevel === 'public')
    items.push({
      label: 'Share…',
      icon: <LinkIcon size={18} />,
      onSelect: () => void sharePost(post.id),
    });
  if (post.isOwner) {
    items.push(
      { label: 'Edit caption', icon: <PencilIcon size={18} />, onSelect: () => setDialog('edit') },
      {
        label: 'Invite collaborator',
        icon: <UsersIcon size={18} />,
        onSelect: () => setDialog('collab'),
      },
      {
        label: 'Delete post',
        icon: <TrashIcon size={18} />,
        tone: 'danger',
        onSelect: () => setDialog('delete'),
      },
    );
  } else {
    items.push({
      label: 'Report post',
      icon: <FlagIcon size={18} />,
      tone: 'danger',
      onSelect: () => setDialog('report'),
    });
  }

  return (
    <>
      <Menu
        label="Post options"
        trigger={
          <span className="flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg">
            <MoreIcon size={20} />
          </span>
        }
        items={items}
      />
      {dialog === 'edit' ? (
        <EditCaptionDialog post={post} open onClose={() => setDialog(null)} />
      ) : null}
      <ReportDialog
        type="post"
        targetId={post.id}
        subject="this post"
        open={dialog === 'report'}
        onClose={() => setDialog(null)}
      />
      {dialog === 'collab' ? (
        <InviteCollaboratorDialog postId={post.id} open onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? (
        <DeletePostDialog post={post} open onClose={() => setDialog(null)} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}
