import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { pathAfterSignIn, rememberReturnTo, type PendingVerification } from '../post-login.ts';
import { useLoginMutation, type LoginOutcome } from '../queries.ts';
import { useAuthStore } from '../store.ts';

export function LoginPage() {
  const [params] = useSearchParams();
  // ?next=/path (a claim link, …): where to go once signed in
  useEffect(() => rememberReturnTo(params.get('next')), [params]);
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [tempToken, setTempToken] = useState<string | null>(null);
  const identifierRef = useRef<HTMLInputElement>(null);
  const loginMutation = useLoginMutation();

  function onOutcome(outcome: LoginOutcome): void {
    if (outcome.kind === 'two-factor') setTempToken(outcome.tempToken);
    else if (outcome.kind === 'verify-email') {
      const state: PendingVerification = { email: outcome.email, message: outcome.message };
      navigate('/verify-email', { state });
    } else navigate(pathAfterSignIn(outcome), { replace: true });
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (identifier.trim() === '' || password === '') {
      setFieldError('Enter your email or username and your password.');
      identifierRef.current?.focus();
      return;
    }
    setFieldError(null);
    loginMutation.mutate({ identifier, password }, { onSuccess: onOutcome });
  }

  // Already signed in when the page opened (not signed in by this form, which navigates itself).
  if (isAuthenticated && loginMutation.isIdle && !tempToken) return <Navigate to="/" replace />;

  if (tempToken) {
    return (
      <AuthLayout
        title="Check your authenticator"
        subtitle="One more step to keep your account safe."
      >
        <TwoFactorStep
          tempToken={tempToken}
          onSignedIn={onOutcome}
          onBack={() => {
            setTempToken(null);
            setPassword('');
            loginMutation.reset();
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to catch up with your creators and fans."
      footer={
        <>
          New to Fanspace?{' '}
          <Link to="/signup" className="font-semibold text-accent-text hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Log in">
        <TextField
          ref={identifierRef}
          label="Email or username"
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          placeholder="you@example.com"
        />
        <div className="flex flex-col gap-2">
          <TextField
            label="Password"
            name="password"
            type="password"
            revealable
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Link
            to="/forgot-password"
            className="self-end text-sm font-medium text-accent-text hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <FormError message={fieldError ?? loginMutation.error?.message} />
        <Button type="submit" size="lg" fullWidth loading={loginMutation.isPending}>
          Log in
        </Button>
      </form>
    </AuthLayout>
  );
}
