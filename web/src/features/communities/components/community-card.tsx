import type { Community } from '@fanspace/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { cn } from '../../../ui/cn.ts';
import { HeartIcon, LockIcon, UsersIcon } from '../../../ui/icons.tsx';
import { plural } from '../../../lib/plural.ts';
import { CATEGORY_LABELS } from '../labels.ts';

/** One community in the grid (or a row in list mode): name, counts and the join action. */
export function CommunityCard({
  community,
  mode,
  onJoin,
}: {
  community: Community;
  mode: 'grid' | 'list';
  onJoin: (community: Community) => void;
}) {
  return (
    <Card
      className={cn('flex gap-3 p-4', mode === 'grid' ? 'flex-col' : 'flex-row items-center')}
      data-testid="community-card"
    >
      <div
        aria-hidden
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft font-display text-xl font-bold text-accent-text"
      >
        {community.name.slice(0, 1).toUpperCase()}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-1.5 font-semibold text-fg">
          <Link to={`/communities/${community.id}`} className="truncate hover:underline">
            {community.name}
          </Link>
          {community.isPrivate ? <LockIcon size={14} aria-label="Private" /> : null}
        </h2>
        <p className="mt-0.5 line-clamp-2 text-sm text-muted">
          {community.description || 'No description yet.'}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-muted">
          <Badge>{CATEGORY_LABELS[community.category]}</Badge>
          <span className="inline-flex items-center gap-1">
            <UsersIcon size={14} aria-hidden /> {plural(community.memberCount, 'member')}
          </span>
          <span className="inline-flex items-center gap-1">
            <HeartIcon size={14} aria-hidden /> {plural(community.likeCount, 'like')}
          </span>
        </div>
      </div>
      <div className={cn('shrink-0', mode === 'grid' ? 'self-stretch' : '')}>
        {community.isMember ? (
          <Link
            to={`/communities/${community.id}`}
            className="inline-flex h-9 w-full items-center justify-center rounded-xl border border-line px-3 text-sm font-medium text-fg hover:bg-surface-2"
          >
            {community.role === 'owner' ? 'Manage' : 'Open'}
          </Link>
        ) : (
          <Button
            size="sm"
            className="w-full"
            variant={community.isPrivate && !community.isInvited ? 'outline' : 'primary'}
            onClick={() => onJoin(community)}
            aria-label={`Join ${community.name}`}
          >
            Join
          </Button>
        )}
      </div>
    </Card>
  );
}
