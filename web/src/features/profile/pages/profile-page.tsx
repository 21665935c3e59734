import { useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BadgeCheckIcon, ImageIcon, SettingsIcon, UserIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf, isCreatorUser } from '../../auth/user.ts';

const TABS = ['Posts', 'Media'] as const;

function Stat({ value, label }: { value: number | undefined; label: string }) {
  if (value === undefined) return null;
  return (
    <p className="text-sm text-muted">
      <span className="font-semibold text-fg">{value.toLocaleString()}</span> {label}
    </p>
  );
}

export function ProfilePage() {
  const { username } = useParams();
  const me = useAuthStore((s) => s.user);
  const isOwn = !username || username === me?.username;
  const [tab, setTab] = useState<(typeof TABS)[number]>('Posts');
  const name = isOwn ? displayNameOf(me) : username;
  useDocumentTitle(isOwn ? 'Your profile' : `@${username}`);

  return (
    <div className="mx-auto w-full max-w-3xl">
      <div className="h-36 rounded-3xl bg-[linear-gradient(120deg,var(--fs-accent),var(--fs-accent-2))] opacity-80 sm:h-48" />
      <div className="relative -mt-12 flex flex-wrap items-end justify-between gap-4 px-2 sm:px-6">
        <Avatar
          name={name ?? 'User'}
          src={isOwn ? avatarUrlOf(me) : null}
          size={104}
          className="ring-4 ring-canvas"
        />
        {isOwn ? (
          <ButtonLink to="/settings" variant="outline" size="sm" icon={<SettingsIcon size={16} />}>
            Edit profile
          </ButtonLink>
        ) : null}
      </div>
      <div className="mt-4 px-2 sm:px-6">
        <h1 className="font-display flex items-center gap-2 text-2xl font-extrabold tracking-tight text-fg">
          {name}
          {isOwn && isCreatorUser(me) ? (
            <BadgeCheckIcon size={20} className="text-accent-text" title="Creator" />
          ) : null}
        </h1>
        <p className="text-muted">@{isOwn ? (me?.username ?? 'you') : username}</p>
        {isOwn && typeof me?.bio === 'string' && me.bio ? (
          <p className="mt-3 max-w-prose whitespace-pre-line text-fg">{me.bio}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-4">
          {isOwn ? <Stat value={me?.followersCount} label="followers" /> : null}
          {isOwn ? <Stat value={me?.subscriberCount} label="subscribers" /> : null}
          {isOwn && isCreatorUser(me) ? <Badge>Creator</Badge> : null}
        </div>
      </div>

      <div
        role="tablist"
        aria-label="Profile content"
        className="mt-8 flex gap-2 border-b border-line px-2 sm:px-6"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={cn(
              '-mb-px border-b-2 px-4 pb-3 text-sm font-semibold transition-colors',
              tab === name
                ? 'border-accent text-fg'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab} className="mt-6">
        <EmptyState
          icon={tab === 'Posts' ? <UserIcon size={26} /> : <ImageIcon size={26} />}
          title={tab === 'Posts' ? 'No posts yet' : 'No media yet'}
          description={
            isOwn
              ? 'When you post, it will show up here for your followers and subscribers.'
              : 'When they post, it will show up here.'
          }
        />
      </div>
    </div>
  );
}
