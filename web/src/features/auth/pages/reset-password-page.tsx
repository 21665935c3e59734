/** Choose a new password from the mailed link: /reset-password?token=… (spec §7). */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { MIN_PASSWORD } from '../account-rules.ts';
import { useResetPasswordMutation } from '../queries.ts';
import { AuthDone } from './forgot-password-page.tsx';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const reset = useResetPasswordMutation();

  if (!token) {
    return (
      <AuthLayout
        title="This reset link is incomplete"
        subtitle="Open the link from the email again, or ask for a new one."
      >
        <ButtonLink to="/forgot-password" fullWidth>
          Send a new link
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthDone
        title="Password updated"
        text="Your password was changed and every session was signed out. Log in with the new one."
      />
    );
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) {
      setErrors({ password: `Use at least ${MIN_PASSWORD} characters.` });
      passwordRef.current?.focus();
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: 'The passwords do not match.' });
      confirmRef.current?.focus();
      return;
    }
    setErrors({});
    reset.mutate({ token: token ?? '', password });
  }

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <Link to="/forgot-password" className="font-semibold text-accent-text hover:underline">
          Need a new link?
        </Link>
      }
    >
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5"
        aria-label="Reset password"
      >
        <TextField
          ref={passwordRef}
          label="New password"
          type="password"
          revealable
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={`At least ${MIN_PASSWORD} characters.`}
        />
        <TextField
          ref={confirmRef}
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <FormError message={reset.error?.message} />
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          Update password
        </Button>
      </form>
    </AuthLayout>
  );
}
