import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { MailIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { useSignupMutation, type SignupOutcome } from '../queries.ts';
import { useAuthStore } from '../store.ts';

const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;
const MIN_PASSWORD = 8;

interface FieldErrors {
  username?: string;
  email?: string;
  password?: string;
}

export function validateSignup(input: {
  username: string;
  email: string;
  password: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!USERNAME_PATTERN.test(input.username.trim())) {
    errors.username = '3–30 characters: letters, numbers, dots and underscores.';
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) errors.email = 'Enter a valid email.';
  if (input.password.length < MIN_PASSWORD) {
    errors.password = `Use at least ${MIN_PASSWORD} characters.`;
  }
  return errors;
}

export function SignupPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const [form, setForm] = useState({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<Extract<SignupOutcome, { kind: 'verify' }> | null>(null);
  const signupMutation = useSignupMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const found = validateSignup(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signupMutation.mutate(
      { username: form.username.trim(), email: form.email.trim(), password: form.password },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'signed-in') navigate('/', { replace: true });
          else setPending(outcome);
        },
      },
    );
  }

  if (isAuthenticated && !signupMutation.isPending) return <Navigate to="/" replace />;

  if (pending) {
    return (
      <AuthLayout title="Almost there" subtitle={pending.message}>
        <div className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-8 text-center">
          <div className="flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-text">
            <MailIcon size={26} />
          </div>
          {pending.email && pending.channel === 'email' ? (
            <p className="text-sm text-muted">
              Sent to <span className="font-semibold text-fg">{pending.email}</span>
            </p>
          ) : null}
          <ButtonLink to="/login" variant="secondary" fullWidth>
            Back to log in
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  const update =
    (field: keyof typeof form) =>
    (event: ChangeEvent<HTMLInputElement>): void =>
      setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Follow creators you love, or start earning from your own content."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-accent-text hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={form.username}
          onChange={update('username')}
          error={errors.username}
          hint="This is your public @handle."
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          revealable
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          error={errors.password}
          hint={`At least ${MIN_PASSWORD} characters.`}
        />
        <FormError message={signupMutation.error?.message} />
        <Button type="submit" size="lg" fullWidth loading={signupMutation.isPending}>
          Create account
        </Button>
        <p className="text-center text-xs text-subtle">
          By signing up you agree to the{' '}
          <Link to="/terms" className="underline hover:text-fg">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline hover:text-fg">
            Privacy Policy
          </Link>
          . You must be 18 or older.
        </p>
      </form>
    </AuthLayout>
  );
}
