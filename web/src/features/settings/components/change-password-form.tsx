import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { MIN_PASSWORD } from '../../auth/account-rules.ts';
import { useChangePasswordMutation } from '../queries.ts';

/** POST /users/me/change-password; the server signs out every other session. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const change = useChangePasswordMutation();

  // an error is about what was typed: editing a field takes back its error and the server's
  function edit(field: keyof typeof errors, set: (value: string) => void) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      set(event.target.value);
      if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
      if (change.isError) change.reset();
    };
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    // the last attempt's answer does not stand beside this attempt's checks
    change.reset();
    const found: typeof errors = {};
    if (current === '') found.current = 'Enter your current password.';
    if (next.length < MIN_PASSWORD) found.next = `Use at least ${MIN_PASSWORD} characters.`;
    else if (next === current) found.next = 'Choose a password you have not been using.';
    if (confirm !== next) found.confirm = 'The passwords do not match.';
    setErrors(found);
    const first = (['current', 'next', 'confirm'] as const).find((k) => found[k]);
    if (first) {
      ({ current: currentRef, next: nextRef, confirm: confirmRef })[first].current?.focus();
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Change password">
      <TextField
        ref={currentRef}
        label="Current password"
        type="password"
        revealable
        autoComplete="current-password"
        value={current}
        onChange={edit('current', setCurrent)}
        error={errors.current}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={nextRef}
          label="New password"
          type="password"
          revealable
          autoComplete="new-password"
          value={next}
          onChange={edit('next', setNext)}
          error={errors.next}
          hint={`At least ${MIN_PASSWORD} characters.`}
        />
        <TextField
          ref={confirmRef}
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={edit('confirm', setConfirm)}
          error={errors.confirm}
        />
      </div>
      <FormError message={change.error?.message} />
      <Button type="submit" className="self-start" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
