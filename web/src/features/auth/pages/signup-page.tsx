import { ErrorCodes } from '@fanspace/contracts/errors';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  EMAIL_PATTERN,
  MIN_PASSWORD,
  USERNAME_PATTERN,
  USERNAME_RULE_TEXT,
} from '../account-rules.ts';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { pathAfterSignIn, rememberReturnTo, type PendingVerification } from '../post-login.ts';
import { FormFailure, useSignupMutation, type SignupOutcome } from '../queries.ts';
import { useAuthStore } from '../store.ts';
import {
  forgetReferral,
  referralFromParams,
  rememberedReferral,
  rememberReferral,
} from '../../referrals/referral-link.ts';
import { useReferralCodeQuery } from '../../referrals/queries.ts';

type Field = 'username' | 'email' | 'password' | 'betaCode';
type FieldErrors = Partial<Record<Field, string>>;

export function validateSignup(input: {
  username: string;
  email: string;
  password: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!USERNAME_PATTERN.test(input.username.trim())) errors.username = USERNAME_RULE_TEXT;
  if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = 'Enter a valid email.';
  if (input.password.length < MIN_PASSWORD) {
    errors.password = `Use at least ${MIN_PASSWORD} characters.`;
  }
  return errors;
}

const FIELDS: Field[] = ['username', 'email', 'password', 'betaCode'];

function isField(value: string | null): value is Field {
  return value !== null && (FIELDS as string[]).includes(value);
}

export function SignupPage() {
  const [params] = useSearchParams();
  // ?next=/path (a claim link, …): where to go once signed in
  useEffect(() => rememberReturnTo(params.get('next')), [params]);
  // ?ref=CODE (a referral link), also inside ?next=, or remembered from an earlier visit
  const linked = referralFromParams(params);
  const referralCode = linked ?? rememberedReferral();
  useEffect(() => {
    if (linked) rememberReferral(linked);
  }, [linked]);
  const referral = useReferralCodeQuery(referralCode);
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const [form, setForm] = useState({ username: '', email: '', password: '', betaCode: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [betaRequired, setBetaRequired] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const betaCodeRef = useRef<HTMLInputElement>(null);
  const signupMutation = useSignupMutation();

  function focusFirst(found: FieldErrors): void {
    const first = FIELDS.find((f) => found[f]);
    const refs = {
      username: usernameRef,
      email: emailRef,
      password: passwordRef,
      betaCode: betaCodeRef,
    };
    if (first) refs[first].current?.focus();
  }

  function onSuccess(outcome: SignupOutcome): void {
    forgetReferral();
    if (outcome.kind === 'signed-in') {
      navigate(pathAfterSignIn(outcome), { replace: true });
      return;
    }
    const state: PendingVerification = {
      email: outcome.email,
      phoneNumber: outcome.phoneNumber,
      requiresPhoneVerification: outcome.requiresPhoneVerification,
      message: outcome.message,
      justSent: true,
    };
    navigate('/verify-email', { state });
  }

  function onError(error: Error): void {
    const failure = error instanceof FormFailure ? error : null;
    if (failure?.code === ErrorCodes.BETA_REQUIRED) {
      setBetaRequired(true);
      setFormError(null);
      setErrors({ betaCode: failure.message });
      // The field appears on this render; focus it on the next.
      setTimeout(() => betaCodeRef.current?.focus(), 0);
      return;
    }
    const field = failure?.code === ErrorCodes.INVALID_BETA_CODE ? 'betaCode' : failure?.field;
    if (failure && isField(field ?? null)) {
      const found = { [field as Field]: failure.message };
      setErrors(found);
      setFormError(null);
      focusFirst(found);
      return;
    }
    setFormError(error.message);
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const found = validateSignup(form);
    if (betaRequired && form.betaCode.trim() === '')
      found.betaCode = 'Enter your beta access code.';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    signupMutation.mutate(
      {
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password,
        betaCode: betaRequired ? form.betaCode.trim() : undefined,
        // sent even while the check is in flight: the server ignores an unknown code too
        referralCode: referralCode && !referral.isError ? referralCode : undefined,
      },
      { onSuccess, onError },
    );
  }

  if (isAuthenticated && signupMutation.isIdle) return <Navigate to="/" replace />;

  const update =
    (field: Field) =>
    (event: ChangeEvent<HTMLInputElement>): void => {
      const { value } = event.target;
      setForm((f) => ({ ...f, [field]: value }));
      // Clear a field's error once the user fixes it, not while they are still typing wrong.
      if (errors[field]) {
        const stillWrong =
          field === 'betaCode'
            ? value.trim() === ''
            : Boolean(validateSignup({ ...form, [field]: value })[field]);
        if (!stillWrong) setErrors((e) => ({ ...e, [field]: undefined }));
      }
    };

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
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Sign up">
        {referral.isSuccess ? (
          <p
            role="status"
            className="rounded-2xl bg-accent-soft px-4 py-3 text-sm text-accent-text"
          >
            Invited by{' '}
            <span className="font-semibold">
              {referral.data.referrer.displayName ?? `@${referral.data.referrer.username}`}
            </span>
            .
          </p>
        ) : referral.isError ? (
          <p role="status" className="rounded-2xl bg-surface px-4 py-3 text-sm text-muted">
            This referral link is not valid any more. You can still sign up.
          </p>
        ) : null}
        <TextField
          ref={usernameRef}
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          value={form.username}
          onChange={update('username')}
          onBlur={() =>
            form.username !== '' &&
            setErrors((e) => ({ ...e, username: validateSignup(form).username }))
          }
          error={errors.username}
          hint={`Your public @handle. ${USERNAME_RULE_TEXT}`}
        />
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={form.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          revealable
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          onBlur={() =>
            form.password !== '' &&
            setErrors((e) => ({ ...e, password: validateSignup(form).password }))
          }
          error={errors.password}
          hint={`At least ${MIN_PASSWORD} characters. Avoid common passwords.`}
        />
        {betaRequired ? (
          <TextField
            ref={betaCodeRef}
            label="Beta access code"
            name="betaCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={form.betaCode}
            onChange={update('betaCode')}
            error={errors.betaCode}
            hint="Signing up needs an invitation code during the beta."
          />
        ) : null}
        <FormError message={formError} />
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
