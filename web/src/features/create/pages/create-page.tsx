/** /create – the post composer for creators; for everyone else, how to become one. */
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BadgeCheckIcon, ImageIcon, LockIcon, SparklesIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ComposerForm } from '../../composer/components/composer-form.tsx';

const CREATOR_PERKS = [
  { icon: ImageIcon, text: 'Post photos and videos, free or for subscribers' },
  { icon: LockIcon, text: 'Lock special posts behind a one-time price' },
  { icon: SparklesIcon, text: 'Receive tips and run a monthly subscription' },
];

export function CreatePage() {
  useDocumentTitle('Create');
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const creator = isCreatorUser(user);
  const pending = user?.identityStatus === 'pending';

  if (!creator) {
    return (
      <Page title="Become a creator" width="narrow">
        <EmptyState
          icon={<BadgeCheckIcon size={26} />}
          title={pending ? 'Identity verification pending' : 'Only creators can post'}
          description={
            pending
              ? 'We are reviewing your identity documents. You can post as soon as they are approved.'
              : 'Creator accounts verify their identity once, then can publish posts and stories and get paid by fans.'
          }
          action={
            <ButtonLink to="/settings/creator" variant="primary">
              {pending ? 'Check verification status' : 'Set up a creator account'}
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
      <Card className="p-5 sm:p-6">
        <ComposerForm onPublished={(post) => navigate(`/p/${encodeURIComponent(post.id)}`)} />
      </Card>
    </Page>
  );
}
