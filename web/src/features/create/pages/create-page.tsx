/** /create – the post composer for creators; for everyone else, how to become one. */
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import {
  BadgeCheckIcon,
  ClockIcon,
  ImageIcon,
  LockIcon,
  PlusIcon,
  SparklesIcon,
} from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ComposerForm } from '../../composer/components/composer-form.tsx';
import { StoryComposerDialog } from '../../stories/components/story-composer.tsx';
import { useStoryComposer } from '../../stories/store.ts';

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
  const showStoryComposer = useStoryComposer((s) => s.show);

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
    <Page
      title="New post"
      width="narrow"
      description="Share a photo, a video or a thought – now or later."
      actions={
        <>
          <Button
            variant="secondary"
            size="sm"
            icon={<PlusIcon size={16} />}
            onClick={showStoryComposer}
          >
            Story
          </Button>
          <ButtonLink to="/scheduler" variant="secondary" size="sm" icon={<ClockIcon size={16} />}>
            Scheduled
          </ButtonLink>
        </>
      }
    >
      <Card className="p-5 sm:p-6">
        <ComposerForm onPublished={(post) => navigate(`/p/${encodeURIComponent(post.id)}`)} />
      </Card>
      <StoryComposerDialog />
    </Page>
  );
}
