import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BadgeCheckIcon, ImageIcon, LockIcon, SparklesIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';

const CREATOR_PERKS = [
  { icon: ImageIcon, text: 'Post photos and videos, free or for subscribers' },
  { icon: LockIcon, text: 'Lock special posts behind a one-time price' },
  { icon: SparklesIcon, text: 'Receive tips and run a monthly subscription' },
];

export function CreatePage() {
  useDocumentTitle('Create');
  const creator = isCreatorUser(useAuthStore((s) => s.user));

  if (!creator) {
    return (
      <Page title="Become a creator" width="narrow">
        <EmptyState
          icon={<BadgeCheckIcon size={26} />}
          title="Only creators can post"
          description="Creator accounts verify their identity once, then can publish posts and stories and get paid by fans."
          action={
            <ButtonLink to="/settings" variant="primary">
              Set up a creator account
            </ButtonLink>
          }
        />
        <ul className="mt-6 grid gap-3 sm:grid-cols-3">
          {CREATOR_PERKS.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted"
            >
              <Icon size={20} className="mb-2 text-accent-text" />
              {text}
            </li>
          ))}
        </ul>
      </Page>
    );
  }

  return (
    <Page title="New post" width="narrow" description="Share a photo, a video or a thought.">
      <EmptyState
        icon={<ImageIcon size={26} />}
        title="The post editor is on its way"
        description="You will be able to add media, set who can see it and schedule it for later, right here."
      />
    </Page>
  );
}
