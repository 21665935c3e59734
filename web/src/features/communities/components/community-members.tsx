import type { Community, CommunityMember, CommunityRole } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { fetchUserByUsername } from '../../profile/profile-api.ts';
import {
  useInviteMutation,
  useMembersQuery,
  useRemoveMemberMutation,
  useRoleMutation,
} from '../queries.ts';
import { CommunityTab } from './community-tab.tsx';
import { plural } from '../../../lib/plural.ts';

const ROLE_LABELS: Record<CommunityRole, string> = {
  owner: 'Owner',
  moderator: 'Moderator',
  member: 'Member',
};

function InviteForm({ communityId }: { communityId: string }) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteMutation(communityId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const name = username.trim().replace(/^@/, '');
    if (!name) return;
    try {
      const user = await fetchUserByUsername(name);
      await invite.mutateAsync(user.id);
      setUsername('');
    } catch (err) {
      setError(errorMessageOf(err, 'User not found'));
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mb-4 flex flex-wrap items-end gap-2"
      aria-label="Invite someone"
    >
      <div className="min-w-48 flex-1">
        <TextField
          label="Invite by username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <Button type="submit" loading={invite.isPending} disabled={!username.trim()}>
        Invite
      </Button>
      <div className="w-full">
        <FormError message={error} />
      </div>
    </form>
  );
}

function MemberRow({
  member,
  community,
  viewerId,
}: {
  member: CommunityMember;
  community: Community;
  viewerId: string;
}) {
  const role = useRoleMutation(community.id);
  const remove = useRemoveMemberMutation(community.id);
  const name = member.user.displayName ?? member.user.username;
  const canChange = community.canManage && member.role !== 'owner' && member.userId !== viewerId;
  const canRemove = canChange && (community.role === 'owner' || member.role === 'member');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar name={name} src={member.user.avatarUrl} size={36} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/u/${member.user.username}`}
          className="block truncate text-sm font-semibold text-fg hover:underline"
        >
          {name}
        </Link>
        <p className="truncate text-xs text-muted">@{member.user.username}</p>
      </div>
      {canChange ? (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Role of {member.user.username}</span>
          <select
            value={member.role}
            disabled={role.isPending}
            onChange={(e) =>
              role.mutate({ userId: member.userId, role: e.target.value as CommunityRole })
            }
            className="h-9 rounded-xl border border-line bg-surface px-2 text-fg"
          >
            <option value="member">Member</option>
            <option value="moderator">Moderator</option>
            {community.role === 'owner' ? <option value="owner">Owner (hand over)</option> : null}
          </select>
        </label>
      ) : (
        <Badge>{ROLE_LABELS[member.role]}</Badge>
      )}
      {canRemove ? (
        <Button
          size="sm"
          variant="danger-ghost"
          onClick={() => remove.mutate(member.userId)}
          loading={remove.isPending}
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}

export function CommunityMembers({
  community,
  viewerId,
}: {
  community: Community;
  viewerId: string;
}) {
  const members = useMembersQuery(community.id);
  const mayInvite = community.isPrivate ? community.canManage : community.isMember;
  return (
    <CommunityTab
      label="Members"
      form={mayInvite ? <InviteForm communityId={community.id} /> : null}
      query={members}
      skeletonClassName="my-4 h-24"
      cardClassName="px-4"
    >
      {(pages) => (
        <ul className="divide-y divide-line" aria-label={plural(pages[0]?.total ?? 0, 'member')}>
          {pages
            .flatMap((page) => page.members)
            .map((m) => (
              <MemberRow key={m.userId} member={m} community={community} viewerId={viewerId} />
            ))}
        </ul>
      )}
    </CommunityTab>
  );
}
