import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ShieldIcon } from '../../../ui/icons/frame-icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { ErrorCodes } from '@fanspace/contracts/errors';
import { FormFailure, useVerifyLoginMutation, type LoginOutcome } from '../queries.ts';
import { FormError } from './auth-layout.tsx';

/** The second login step: a TOTP code or a backup code, sent with the temp token (spec §4). */
export function TwoFactorStep({
  tempToken,
  onSignedIn,
  onBack,
}: {
  tempToken: string;
  onSignedIn: (outcome: LoginOutcome) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyLoginMutation();
  // a lapsed or burnt temp token: only a new password login helps, so offer that instead
  const expired =
    verify.error instanceof FormFailure && verify.error.code === ErrorCodes.INVALID_TOKEN;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    verify.mutate(
      { code, tempToken },
      { onSuccess: onSignedIn, onError: () => inputRef.current?.focus() },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4">
        <ShieldIcon size={22} className="mt-0.5 shrink-0 text-accent-text" />
        <p className="text-sm text-muted">
          Two-factor authentication is on for this account. Enter the 6-digit code from your
          authenticator app, or one of your backup codes.
        </p>
      </div>
      <TextField
        ref={inputRef}
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder="123456"
        aria-invalid={verify.error ? true : undefined}
        aria-describedby={verify.error ? 'two-factor-error' : undefined}
      />
      <FormError id="two-factor-error" message={verify.error?.message} />
      {expired ? (
        <Button size="lg" fullWidth onClick={onBack}>
          Log in again
        </Button>
      ) : (
        <>
          <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
            Verify and log in
          </Button>
          <Button variant="ghost" onClick={onBack} disabled={verify.isPending}>
            Use a different account
          </Button>
        </>
      )}
    </form>
  );
}
