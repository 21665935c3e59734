/** Home feed for signed-in users. Posts arrive in a later issue; until then a useful start. */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import {
  ArrowRightIcon,
  CompassIcon,
  ImageIcon,
  ShieldIcon,
  SparklesIcon,
  UserIcon,
} from '../../../ui/icons.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf, isCreatorUser } from '../../auth/user.ts';

const GETTING_STARTED = [
  {
    to: '/settings',
    icon: UserIcon,
    title: 'Complete your profile',
    text: 'Add a photo and a short bio.',
  },
  {
    to: '/discover',
    icon: CompassIcon,
    title: 'Follow your first creator',
    text: 'Their posts will show up here.',
  },
  {
    to: '/settings',
    icon: ShieldIcon,
    title: 'Turn on two-factor sign-in',
    text: 'Keep your account safe.',
  },
];

function Composer() {
  const user = useAuthStore((s) => s.user);
  const name = displayNameOf(user);
  return (
    <Card className="mb-6 flex items-center gap-3 p-3 pl-4">
      <Avatar name={name} src={avatarUrlOf(user)} size={40} />
      <Link
        to="/create"
        className="flex h-11 min-w-0 flex-1 items-center rounded-full bg-surface-2 px-4 text-sm text-subtle hover:bg-surface-3"
      >
        <span className="truncate">Share something with your fans…</span>
      </Link>
      <Link
        to="/create"
        aria-label="Add photo or video"
        className="flex h-11 w-11 items-center justify-center rounded-full text-accent-text hover:bg-accent-soft"
      >
        <ImageIcon size={22} />
      </Link>
    </Card>
  );
}

export function FeedPage() {
  useDocumentTitle('Home');
  const user = useAuthStore((s) => s.user);
  const creator = isCreatorUser(user);
  const firstName = displayNameOf(user).split(' ')[0];

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 xl:grid-cols-[minmax(0,1fr)_300px]">
      <div className="min-w-0">
        <header className="mb-6">
          <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
            Welcome, {firstName}
          </h1>
          <p className="mt-1 text-muted">Here is what is new from the creators you follow.</p>
        </header>
        {creator ? <Composer /> : null}
        <EmptyState
          icon={<SparklesIcon size={26} />}
          title="Your feed is waiting"
          description="Posts from creators you follow and subscribe to will appear here, newest first."
          action={
            <ButtonLink to="/discover" icon={<CompassIcon size={18} />}>
              Discover creators
            </ButtonLink>
          }
        />
      </div>

      <aside aria-label="Getting started" className="hidden xl:block">
        <Card className="sticky top-24 p-5">
          <h2 className="font-semibold text-fg">Getting started</h2>
          <ul className="mt-4 flex flex-col gap-1">
            {GETTING_STARTED.map(({ to, icon: Icon, title, text }) => (
              <li key={title}>
                <Link
                  to={to}
                  className="group flex items-center gap-3 rounded-2xl p-2 hover:bg-surface-2"
                >
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
                    <Icon size={19} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-fg">{title}</span>
                    <span className="block text-xs text-muted">{text}</span>
                  </span>
                  <ArrowRightIcon size={16} className="text-subtle group-hover:text-fg" />
                </Link>
              </li>
            ))}
          </ul>
          {!creator ? (
            <div className="mt-5 rounded-2xl bg-[linear-gradient(135deg,var(--fs-accent-soft),transparent)] p-4">
              <p className="text-sm font-semibold text-fg">Make things people love?</p>
              <p className="mt-1 text-xs text-muted">
                Become a creator to post, run subscriptions and receive tips.
              </p>
              <ButtonLink to="/create" size="sm" variant="secondary" className="mt-3">
                Become a creator
              </ButtonLink>
            </div>
          ) : null}
        </Card>
      </aside>
    </div>
  );
}
