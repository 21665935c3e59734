/**
 * Confirm dialogs for the account actions of SPEC §6 (ban, unban, suspend, unsuspend, warn,
 * verify, promote, cancel promotion, delete) and the edit form. Every one ends with the §8
 * toast 'User updated successfully!' or 'Failed to update user.'.
 */
import { ADMIN_TOASTS, type AdminUpdateUserBody, type AdminUser } from '@fanspace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, deleteUser, updateUser, userAction, type UserAction } from '../api.ts';
import { SelectField } from '../components/fields.tsx';

export type UserDialogKind = UserAction | 'delete' | 'edit';

interface KindConfig {
  title: (username: string) => string;
  description: string;
  confirm: string;
  danger?: boolean;
  reason: 'none' | 'optional' | 'required';
  input?: 'duration' | 'hours';
}

const KINDS: Record<Exclude<UserDialogKind, 'edit'>, KindConfig> = {
  ban: {
    title: (u) => `Ban @${u}?`,
    description: 'Their sessions end at once and they cannot sign in until unbanned.',
    confirm: 'Ban user',
    danger: true,
    reason: 'optional',
  },
  unban: {
    title: (u) => `Unban @${u}?`,
    description: 'They can sign in again.',
    confirm: 'Unban user',
    reason: 'optional',
  },
  suspend: {
    title: (u) => `Suspend @${u}?`,
    description: 'Their sessions end at once; they can sign in again when the suspension ends.',
    confirm: 'Suspend user',
    danger: true,
    reason: 'optional',
    input: 'duration',
  },
  unsuspend: {
    title: (u) => `Lift the suspension of @${u}?`,
    description: 'They can sign in again right away.',
    confirm: 'Lift suspension',
    reason: 'optional',
  },
  warn: {
    title: (u) => `Warn @${u}`,
    description: 'They get a notification with your reason.',
    confirm: 'Send warning',
    reason: 'required',
  },
  verify: {
    title: (u) => `Verify @${u}?`,
    description: 'Marks their identity verified; they become a creator.',
    confirm: 'Verify user',
    reason: 'optional',
  },
  promote: {
    title: (u) => `Promote @${u}`,
    description: 'They appear among the promoted creators for the time you choose.',
    confirm: 'Promote',
    reason: 'none',
    input: 'hours',
  },
  'cancel-promotion': {
    title: (u) => `End the promotion of @${u}?`,
    description: 'They stop appearing among the promoted creators.',
    confirm: 'End promotion',
    reason: 'none',
  },
  delete: {
    title: (u) => `Delete @${u}?`,
    description: 'The account is anonymised and can no longer be used. This cannot be undone.',
    confirm: 'Delete account',
    danger: true,
    reason: 'optional',
  },
};

const DURATION = /^\s*(\d+(?:\.\d+)?)\s*([hdw]?)\s*$/i;

/** '36' → {hours: 36}; '7d' → {duration: '7d'}; anything else → an error message. */
export function parseDuration(value: string): { hours: number } | { duration: string } | string {
  const match = DURATION.exec(value);
  if (!match) return 'Enter hours (like 24) or a duration like 12h, 7d or 2w.';
  const amount = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  const hours = amount * (unit === 'd' ? 24 : unit === 'w' ? 168 : 1);
  if (!(hours > 0) || hours > 24 * 365) return 'A suspension lasts from 1 hour to 1 year.';
  return unit === '' ? { hours: amount } : { duration: `${match[1]}${unit}` };
}

function useUserMutationDone(onDone: (user: AdminUser | null) => void) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (user: AdminUser | null) => {
      toast.success(ADMIN_TOASTS.userUpdated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      // verifying an account settles its pending submission
      void queryClient.invalidateQueries({ queryKey: adminKeys.verifications() });
      onDone(user);
    },
    onError: () => {
      toast.error(ADMIN_TOASTS.userUpdateFailed);
    },
  };
}

export function UserActionDialog({
  user,
  kind,
  onClose,
  onDone,
}: {
  user: AdminUser;
  kind: Exclude<UserDialogKind, 'edit'>;
  onClose: () => void;
  onDone: (user: AdminUser | null) => void;
}) {
  const config = KINDS[kind];
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('24h');
  const [hours, setHours] = useState('24');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const done = useUserMutationDone(onDone);
  const mutation = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      if (kind === 'delete') {
        await deleteUser(user.id, body.reason as string | undefined);
        return null;
      }
      return (await userAction(user.id, kind, body)).user;
    },
    ...done,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    const trimmed = reason.trim();
    if (config.reason === 'required' && !trimmed) {
      setFieldError('Give a reason.');
      return;
    }
    const body: Record<string, unknown> = {};
    if (config.reason !== 'none' && trimmed) body.reason = trimmed;
    if (config.input === 'duration') {
      const parsed = parseDuration(duration);
      if (typeof parsed === 'string') {
        setFieldError(parsed);
        return;
      }
      Object.assign(body, parsed);
    }
    if (config.input === 'hours') {
      const value = Number(hours);
      if (!Number.isFinite(value) || value <= 0 || value > 24 * 365) {
        setFieldError('Enter a number of hours from 1 to 8760.');
        return;
      }
      body.hours = value;
    }
    mutation.mutate(body);
  }

  const formId = `user-action-${kind}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={config.title(user.username)}
      description={config.description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={config.danger ? 'danger' : 'primary'}
            loading={mutation.isPending}
          >
            {config.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {config.input === 'duration' ? (
          <TextField
            label="Duration"
            hint="Hours (24), or 12h, 7d, 2w."
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
            error={fieldError && fieldError !== 'Give a reason.' ? fieldError : null}
          />
        ) : null}
        {config.input === 'hours' ? (
          <TextField
            label="Hours"
            type="number"
            min={1}
            max={8760}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            error={fieldError}
          />
        ) : null}
        {config.reason !== 'none' ? (
          <TextareaField
            label={config.reason === 'required' ? 'Reason' : 'Reason (optional)'}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError === 'Give a reason.' ? fieldError : null}
          />
        ) : null}
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, ADMIN_TOASTS.userUpdateFailed)} />
        ) : null}
      </form>
    </Dialog>
  );
}

export function EditUserDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: (user: AdminUser | null) => void;
}) {
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [accountType, setAccountType] = useState<'fan' | 'creator'>(user.accountType);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = useUserMutationDone(onDone);
  const mutation = useMutation({
    mutationFn: async (body: AdminUpdateUserBody) => (await updateUser(user.id, body)).user,
    ...done,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body: AdminUpdateUserBody = {};
    const name = displayName.trim();
    if (name !== (user.displayName ?? '')) body.displayName = name || null;
    if (username.trim() !== user.username) {
      if (username.trim().length < 3 || username.trim().length > 30) {
        setError('A username has 3 to 30 characters.');
        return;
      }
      body.username = username.trim();
    }
    if (email.trim() !== user.email) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
        setError('Enter a valid email address.');
        return;
      }
      body.email = email.trim();
    }
    if (accountType !== user.accountType) body.accountType = accountType;
    if (Object.keys(body).length === 0) {
      setError('Nothing has changed.');
      return;
    }
    if (reason.trim()) body.reason = reason.trim();
    mutation.mutate(body);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit @${user.username}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-user-form" loading={mutation.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form id="edit-user-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Display name"
          maxLength={60}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <TextField
          label="Username"
          maxLength={30}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label="Account type"
          value={accountType}
          onChange={(e) => setAccountType(e.target.value as 'fan' | 'creator')}
          options={[
            { value: 'fan', label: 'Fan' },
            { value: 'creator', label: 'Creator' },
          ]}
        />
        <TextareaField
          label="Reason (optional)"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? <FormError message={error} /> : null}
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, ADMIN_TOASTS.userUpdateFailed)} />
        ) : null}
      </form>
    </Dialog>
  );
}
