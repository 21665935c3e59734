/**
 * Request a reset link; the same page completes the reset when opened from the email link
 * with ?token=…, so the whole flow stays on one public path.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../queries.ts';

function Done({ title, text }: { title: string; text: string }) {
  return (
    <AuthLayout title={title}>
      <div className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-8 text-center">
        <CheckCircleIcon size={36} className="text-success" />
        <p className="text-sm text-muted">{text}</p>
        <ButtonLink to="/login" fullWidth>
          Back to log in
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}

function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPasswordMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (password.length < 8) return setError('Use at least 8 characters.');
    if (password !== confirm) return setError('The passwords do not match.');
    setError(null);
    reset.mutate({ token, password });
  }

  if (reset.isSuccess) {
    return (
      <Done title="Password updated" text="Your password was changed. Log in with the new one." />
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="New password"
          type="password"
          revealable
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={error ?? reset.error?.message} />
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          Update password
        </Button>
      </form>
    </AuthLayout>
  );
}

export function ForgotPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useForgotPasswordMutation();

  if (token) return <ResetForm token={token} />;
  if (request.isSuccess) {
    return (
      <Done
        title="Check your inbox"
        text="If an account exists for that email, a reset link is on its way. It expires in one hour."
      />
    );
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!email.includes('@')) return setError('Enter the email you signed up with.');
    setError(null);
    request.mutate(email);
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-semibold text-accent-text hover:underline">
          Back to log in
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormError message={error ?? request.error?.message} />
        <Button type="submit" size="lg" fullWidth loading={request.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
