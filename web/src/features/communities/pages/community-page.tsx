/** One community: header with membership actions, then its posts and members (with roles). */
import type { Community } from '@fanspace/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ArrowLeftIcon, LockIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { EditCommunityDialog, JoinCommunityDialog } from '../components/community-dialogs.tsx';
import { CommunityMembers } from '../components/community-members.tsx';
import { CommunityPosts } from '../components/community-posts.tsx';
import { plural } from '../../../lib/plural.ts';
import { CATEGORY_LABELS } from '../labels.ts';
import { useCommunityQuery, useDeleteCommunityMutation, useLeaveMutation } from '../queries.ts';

/** Edit for the owner and moderators (the dialog opens with the community as it stands). */
function EditAction({ community }: { community: Community }) {
  const [editing, setEditing] = useState(false);
  if (!community.canManage) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setEditing(true)}>
        Edit
      </Button>
      {editing ? (
        <EditCommunityDialog community={community} open onClose={() => setEditing(false)} />
      ) : null}
    </>
  );
}

function Actions({ community }: { community: Community }) {
  const [joining, setJoining] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const leave = useLeaveMutation();
  const remove = useDeleteCommunityMutation();
  const navigate = useNavigate();
  if (!community.isMember)
    return (
      <>
        <Button onClick={() => setJoining(true)}>Join</Button>
        <JoinCommunityDialog
          community={joining ? community : null}
          onClose={() => setJoining(false)}
        />
      </>
    );
  if (community.role !== 'owner')
    return (
      <>
        <EditAction community={community} />
        <Button
          variant="outline"
          loading={leave.isPending}
          onClick={() => leave.mutate(community.id)}
        >
          Leave
        </Button>
      </>
    );
  return (
    <>
      <EditAction community={community} />
      <Button variant="danger" onClick={() => setDeleting(true)}>
        Delete
      </Button>
      <Dialog
        open={deleting}
        onClose={() => setDeleting(false)}
        role="alertdialog"
        title={`Delete ${community.name}?`}
        description="Its posts and memberships are removed for everyone. This cannot be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(community.id, { onSuccess: () => void navigate('/communities') })
              }
            >
              Delete community
            </Button>
          </>
        }
      />
    </>
  );
}

export function CommunityPage() {
  const { communityId = '' } = useParams();
  const community = useCommunityQuery(communityId);
  const viewerId = useAuthStore((s) => s.user?.id ?? '');
  const [tab, setTab] = useState<'posts' | 'members'>('posts');
  useDocumentTitle(community.data?.name ?? 'Community');

  if (community.isPending) return <LoadingState label="Loading community…" />;
  if (community.isError)
    return (
      <ErrorState
        title="Community not available"
        message="It may be private or deleted."
        onRetry={() => void community.refetch()}
      />
    );
  const c = community.data;
  return (
    <Page
      title={c.name}
      description={
        <span className="flex flex-col gap-2">
          <span>{c.description || 'No description yet.'}</span>
          <span className="flex flex-wrap items-center gap-3 text-sm">
            <Badge>{CATEGORY_LABELS[c.category]}</Badge>
            {c.isPrivate ? (
              <span className="inline-flex items-center gap-1">
                <LockIcon size={14} aria-hidden /> Private
              </span>
            ) : null}
            <span>{plural(c.memberCount, 'member')}</span>
            <span>{plural(c.likeCount, 'like')}</span>
            {c.role ? (
              <span>You are {c.role === 'owner' ? 'the owner' : `a ${c.role}`}</span>
            ) : null}
          </span>
        </span>
      }
      actions={<Actions community={c} />}
    >
      <Link
        to="/communities"
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeftIcon size={14} aria-hidden /> All communities
      </Link>
      <div className="mb-4 max-w-xs">
        <SegmentedControl
          label="Show"
          value={tab}
          onChange={setTab}
          options={[
            { value: 'posts', label: 'Posts' },
            { value: 'members', label: `Members (${c.memberCount})` },
          ]}
        />
      </div>
      {tab === 'posts' ? (
        <CommunityPosts community={c} />
      ) : (
        <CommunityMembers community={c} viewerId={viewerId} />
      )}
    </Page>
  );
}
