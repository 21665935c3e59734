import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { LinkIcon, PlusIcon, TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useAddSocialLinkMutation, useRemoveSocialLinkMutation } from '../queries.ts';

/** Same as contracts SOCIAL_LINKS_MAX. */
export const SOCIAL_LINKS_LIMIT = 20;

const PLATFORMS = ['Instagram', 'X', 'TikTok', 'YouTube', 'Twitch', 'Reddit', 'Website'] as const;

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Add and remove the profile's social links (POST/DELETE /users/me/social-links). */
export function SocialLinksEditor() {
  const links = useAuthStore((s) => s.user?.socialLinks ?? []);
  const add = useAddSocialLinkMutation();
  const remove = useRemoveSocialLinkMutation();
  const [platform, setPlatform] = useState<string>(PLATFORMS[0]);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const full = links.length >= SOCIAL_LINKS_LIMIT;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const value = url.trim();
    if (!isHttpsUrl(value)) {
      setError('Enter a full address starting with https://');
      urlRef.current?.focus();
      return;
    }
    setError(null);
    add.mutate(
      { platform, url: value },
      {
        onSuccess: () => setUrl(''),
        onError: (e) => {
          setError(e.message);
          urlRef.current?.focus();
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {links.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-line rounded-2xl border border-line"
          aria-label="Your links"
        >
          {links.map((link) => (
            <li key={link.id} className="flex items-center gap-3 px-4 py-3">
              <LinkIcon size={18} className="shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg capitalize">{link.platform}</p>
                <p className="truncate text-xs text-muted">{link.url}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon size={16} />}
                aria-label={`Remove ${link.platform} link`}
                onClick={() => remove.mutate(link.id)}
              >
                <span className="max-sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No links yet.</p>
      )}
      {full ? (
        <p className="text-sm text-muted">
          You have added the maximum of {SOCIAL_LINKS_LIMIT} links.
        </p>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Add a link"
        >
          <div className="flex flex-col gap-1.5 sm:w-40">
            <label htmlFor="social-platform" className="text-sm font-medium text-fg">
              Platform
            </label>
            <select
              id="social-platform"
              value={platform}
              onChange={(e) => setPlatform(e.target.value)}
              className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-[0.95rem] text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
            >
              {PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <TextField
            ref={urlRef}
            label="Link address"
            type="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://"
            className="flex-1"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={error}
          />
          <Button
            type="submit"
            variant="secondary"
            icon={<PlusIcon size={16} />}
            loading={add.isPending}
            className="sm:mb-0.5"
          >
            Add link
          </Button>
        </form>
      )}
    </div>
  );
}
