import type { PublicUser } from '@fanspace/contracts';
import { useAuthStore } from '../../auth/store.ts';
import { Button, type ButtonSize } from '../../../ui/button.tsx';
import { CheckIcon, UserPlusIcon } from '../../../ui/icons.tsx';
import { relationState, useRelationMutation } from '../queries.ts';

/** Follow / Following toggle. The label says the state; the accessible name says the action. */
export function FollowButton({ user, size = 'md' }: { user: PublicUser; size?: ButtonSize }) {
  const me = useAuthStore((s) => s.user);
  const relation = useRelationMutation();
  const { following } = relationState(me, user);
  const pending = relation.isPending;

  return (
    <Button
      size={size}
      variant={following ? 'outline' : 'primary'}
      icon={following ? <CheckIcon size={16} /> : <UserPlusIcon size={16} />}
      aria-pressed={following}
      aria-label={following ? `Unfollow @${user.username}` : `Follow @${user.username}`}
      disabled={pending}
      onClick={() => relation.mutate({ action: following ? 'unfollow' : 'follow', user })}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
