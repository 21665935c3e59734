/** Settings → Account: sign-in details, log out, and the danger zone (delete account). */
import type { ACCOUNT_DELETE_CONFIRMATION } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { LogOutIcon, TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { SettingsCard } from '../components/settings-card.tsx';
import { useDeleteAccountMutation } from '../queries.ts';

/** The word DELETE /users/me accepts instead of the password (typed against the contract). */
export const DELETE_WORD: typeof ACCOUNT_DELETE_CONFIRMATION = 'DELETE';

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccountMutation();
  const confirmed = typed.trim() === DELETE_WORD;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (confirmed) remove.mutate({ confirmation: DELETE_WORD });
  }

  function close(): void {
    if (remove.isPending) return;
    setTyped('');
    remove.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      role="alertdialog"
      title="Delete your account?"
      description="Your profile, links, settings and payout details are erased and you are logged out everywhere. This cannot be undone."
    >
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Delete account"
      >
        <TextField
          label={`Type ${DELETE_WORD} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <FormError message={remove.error?.message} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            icon={<TrashIcon size={16} />}
            disabled={!confirmed}
            loading={remove.isPending}
          >
            Delete account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function AccountSection() {
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const [confirmOpen, setConfirmOpen] = useState(false);

  return (
    <>
      <SettingsCard title="Sign-in details">
        <dl className="flex flex-col gap-3 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted">Email</dt>
            <dd className="font-medium text-fg">
              {user?.email ?? '—'}
              {user?.emailVerified ? (
                <span className="ml-2 text-xs text-success">Verified</span>
              ) : null}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted">Username</dt>
            <dd className="font-medium text-fg">{user?.username ? `@${user.username}` : '—'}</dd>
          </div>
          {user?.phoneNumber ? (
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-muted">Phone</dt>
              <dd className="font-medium text-fg">
                {user.phoneNumber}
                {user.phoneVerified ? (
                  <span className="ml-2 text-xs text-success">Verified</span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        <Button
          variant="outline"
          className="mt-5"
          icon={<LogOutIcon size={16} />}
          onClick={() => void logout('user')}
        >
          Log out
        </Button>
      </SettingsCard>
      <SettingsCard
        title="Danger zone"
        tone="danger"
        description="Deleting your account removes your profile and personal data for good."
      >
        <Button
          variant="danger"
          icon={<TrashIcon size={16} />}
          onClick={() => setConfirmOpen(true)}
        >
          Delete account
        </Button>
        <DeleteAccountDialog open={confirmOpen} onClose={() => setConfirmOpen(false)} />
      </SettingsCard>
    </>
  );
}
