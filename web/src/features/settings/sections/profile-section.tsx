/** Settings → Profile: display name, username, bio, avatar, banner and links. */
import { useState, type FormEvent } from 'react';
import { errorDataOf, isApiError } from '../../../lib/api/index.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { USERNAME_PATTERN, USERNAME_RULE_TEXT } from '../../auth/account-rules.ts';
import { ImagePicker } from '../components/image-picker.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import { SocialLinksEditor } from '../components/social-links-editor.tsx';
import {
  changedProfileFields,
  useProfileImageMutation,
  useUpdateProfileMutation,
  type ProfileDetails,
  type ProfileField,
} from '../queries.ts';

/** Same as contracts BIO_MAX_LENGTH. */
export const BIO_MAX = 1000;

function ProfileDetailsForm() {
  const user = useAuthStore((s) => s.user);
  const [form, setForm] = useState<ProfileDetails>({
    displayName: user?.displayName ?? '',
    username: user?.username ?? '',
    bio: user?.bio ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const update = useUpdateProfileMutation();
  const changed = changedProfileFields(user, form);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!USERNAME_PATTERN.test(form.username.trim())) {
      setErrors({ username: USERNAME_RULE_TEXT });
      return;
    }
    setErrors({});
    update.mutate(form, {
      onError: (error) => {
        const { field } = errorDataOf(error);
        if (
          isApiError(error) &&
          (field === 'username' || field === 'bio' || field === 'displayName')
        ) {
          setErrors({ [field]: error.message });
        }
      },
    });
  }

  const set =
    (field: ProfileField) =>
    (event: { target: { value: string } }): void =>
      setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Profile details">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          maxLength={60}
          value={form.displayName}
          onChange={set('displayName')}
          error={errors.displayName}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          value={form.username}
          onChange={set('username')}
          error={errors.username}
          hint="Your profile lives at /u/username."
        />
      </div>
      <TextareaField
        label="Bio"
        name="bio"
        maxLength={BIO_MAX}
        rows={4}
        value={form.bio}
        onChange={set('bio')}
        error={errors.bio}
        hint={`${form.bio.length}/${BIO_MAX} characters`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} disabled={changed.length === 0}>
          Save changes
        </Button>
        {user?.username ? (
          <ButtonLink to={`/u/${encodeURIComponent(user.username)}`} variant="ghost">
            View profile
          </ButtonLink>
        ) : null}
      </div>
    </form>
  );
}

function ProfileImages() {
  const user = useAuthStore((s) => s.user);
  const avatar = useProfileImageMutation('avatar');
  const banner = useProfileImageMutation('banner');
  return (
    <div className="flex flex-col gap-6">
      <ImagePicker
        label="Profile photo"
        buttonText="Change photo"
        busy={avatar.isPending}
        onPick={(image) => avatar.mutate(image)}
        description="JPEG, PNG, WebP or GIF, up to 10 MB. Cropped to a square."
        preview={<Avatar name={displayNameOf(user)} src={avatarUrlOf(user)} size={72} />}
      />
      <ImagePicker
        label="Banner"
        buttonText="Change banner"
        busy={banner.isPending}
        onPick={(image) => banner.mutate(image)}
        description="Shown across the top of your profile; 1500 × 500 works best."
        preview={
          <div className="h-16 w-48 overflow-hidden rounded-xl bg-[linear-gradient(120deg,var(--fs-accent),var(--fs-accent-2))]">
            {user?.bannerUrl ? (
              <img src={user.bannerUrl} alt="" className="h-full w-full object-cover" />
            ) : null}
          </div>
        }
      />
    </div>
  );
}

export function ProfileSection() {
  return (
    <>
      <SettingsCard title="Profile details" description="How you appear to everyone on Fanspace.">
        <ProfileDetailsForm />
      </SettingsCard>
      <SettingsCard title="Photo and banner">
        <ProfileImages />
      </SettingsCard>
      <SettingsCard
        title="Links"
        description="Point people to your other places on the web. Shown on your profile."
      >
        <SocialLinksEditor />
      </SettingsCard>
    </>
  );
}
