/**
 * First-run setup after signup: a display name, a profile photo, a few creators to follow,
 * then POST /users/me/complete-onboarding. Every step can be skipped.
 */
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf, isCreatorUser } from '../../auth/user.ts';
import { SuggestedCreators } from '../../profile/components/suggested-creators.tsx';
import { ImagePicker } from '../../settings/components/image-picker.tsx';
import { useProfileImageMutation, useUpdateProfileMutation } from '../../settings/queries.ts';
import { useCompleteOnboardingMutation } from '../queries.ts';

const STEPS = ['name', 'photo', 'follow'] as const;
type Step = (typeof STEPS)[number];

const TITLES: Record<Step, { title: string; text: string }> = {
  name: {
    title: 'What should we call you?',
    text: 'Your display name shows on your profile and in messages.',
  },
  photo: { title: 'Add a profile photo', text: 'A face or a logo helps people recognise you.' },
  follow: { title: 'Follow a few creators', text: 'Their posts will fill your home feed.' },
};

function NameStep({ onNext }: { onNext: () => void }) {
  const user = useAuthStore((s) => s.user);
  const [displayName, setDisplayName] = useState(user?.displayName ?? user?.username ?? '');
  const update = useUpdateProfileMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!user) return;
    update.mutate(
      { displayName, username: user.username, bio: user.bio ?? '' },
      { onSuccess: onNext },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="nickname"
        maxLength={60}
        autoFocus
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        hint={`People can also find you as @${user?.username ?? ''}.`}
      />
      <Button type="submit" size="lg" fullWidth loading={update.isPending}>
        Continue
      </Button>
    </form>
  );
}

function PhotoStep({ onNext }: { onNext: () => void }) {
  const user = useAuthStore((s) => s.user);
  const upload = useProfileImageMutation('avatar');
  return (
    <div className="flex flex-col gap-6">
      <ImagePicker
        label="Profile photo"
        buttonText={avatarUrlOf(user) ? 'Choose another photo' : 'Choose a photo'}
        busy={upload.isPending}
        onPick={(image) => upload.mutate(image)}
        description="JPEG, PNG, WebP or GIF, up to 10 MB. We crop it to a square."
        preview={<Avatar name={displayNameOf(user)} src={avatarUrlOf(user)} size={88} />}
      />
      <Button size="lg" fullWidth onClick={onNext} disabled={upload.isPending}>
        {avatarUrlOf(user) ? 'Continue' : 'Skip for now'}
      </Button>
    </div>
  );
}

function FollowStep({ onFinish, busy }: { onFinish: () => void; busy: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <SuggestedCreators limit={8} />
      <Button size="lg" fullWidth onClick={onFinish} loading={busy}>
        Finish
      </Button>
    </div>
  );
}

export function OnboardingPage() {
  useDocumentTitle('Welcome');
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [step, setStep] = useState<Step>('name');
  const complete = useCompleteOnboardingMutation();
  const index = STEPS.indexOf(step);
  // Creators already have an audience to build; following others is optional for them.
  const steps = isCreatorUser(user) ? STEPS.filter((s) => s !== 'follow') : STEPS;
  const isLast = index === steps.length - 1;

  if (user?.onboardingCompleted && complete.isIdle) return <Navigate to="/" replace />;

  function finish(): void {
    complete.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) });
  }

  function next(): void {
    if (isLast) finish();
    else setStep(steps[index + 1] ?? 'follow');
  }

  return (
    <div className="flex min-h-dvh flex-col bg-canvas px-5 py-8 sm:px-10">
      <div className="mx-auto flex w-full max-w-[480px] items-center justify-between">
        <Logo />
        <Button variant="ghost" size="sm" onClick={finish} disabled={complete.isPending}>
          Skip setup
        </Button>
      </div>
      <main
        id="main-content"
        className="mx-auto flex w-full max-w-[480px] flex-1 flex-col justify-center py-10"
      >
        <p className="text-sm font-semibold text-accent-text">
          Step {index + 1} of {steps.length}
        </p>
        <div
          className="mt-3 flex gap-1.5"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
        >
          {steps.map((s, i) => (
            <span
              key={s}
              className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-accent-solid' : 'bg-surface-3'}`}
            />
          ))}
        </div>
        <h1 className="font-display mt-6 text-3xl font-extrabold tracking-tight text-fg">
          {TITLES[step].title}
        </h1>
        <p className="mt-2 text-muted">{TITLES[step].text}</p>
        <div className="mt-8">
          {step === 'name' ? <NameStep onNext={next} /> : null}
          {step === 'photo' ? <PhotoStep onNext={next} /> : null}
          {step === 'follow' ? <FollowStep onFinish={finish} busy={complete.isPending} /> : null}
        </div>
        <div className="mt-4">
          <FormError message={complete.error?.message} />
        </div>
      </main>
    </div>
  );
}
