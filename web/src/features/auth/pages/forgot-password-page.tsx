/** Request a password reset link (spec §7 POST /auth/forgot-password). */
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { useForgotPasswordMutation } from '../queries.ts';

export function AuthDone({ title, text }: { title: string; text: string }) {
  return (
    <AuthLayout title={title}>
      <div
        role="status"
        className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-8 text-center"
      >
        <CheckCircleIcon size={36} className="text-success" />
        <p className="text-sm text-muted">{text}</p>
        <ButtonLink to="/login" fullWidth>
          Back to log in
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const request = useForgotPasswordMutation();

  // Older reset links pointed here; the reset form lives on its own page.
  if (token) return <Navigate to={`/reset-password?token=${encodeURIComponent(token)}`} replace />;
  if (request.isSuccess) {
    return (
      <AuthDone
        title="Check your inbox"
        text="If an account exists for that email, a reset link is on its way. It works once and expires in one hour."
      />
    );
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError('Enter the email you signed up with.');
      emailRef.current?.focus();
      return;
    }
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
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5"
        aria-label="Forgot password"
      >
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <FormError message={request.error?.message} />
        <Button type="submit" size="lg" fullWidth loading={request.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
