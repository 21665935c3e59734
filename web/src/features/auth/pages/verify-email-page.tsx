/**
 * Pending verification (spec §4 Signup outcomes): the 6-digit email code (or the mail's link,
 * ?token=…), then the phone code when the signup had a phone number. Verifying the email signs
 * the user in, so the phone step runs with a session.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCooldown } from '../../../lib/use-cooldown.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { CodeField } from '../../../ui/code-field.tsx';
import { MailIcon, MessageIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout, FormError } from '../components/auth-layout.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { pathAfterSignIn, type PendingVerification } from '../post-login.ts';
import {
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useVerifyPhoneMutation,
  type LoginOutcome,
} from '../queries.ts';

/** The server sends a new code at most once a minute per account. */
export const RESEND_COOLDOWN_SECONDS = 60;

function readPending(state: unknown): PendingVerification {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    return state as PendingVerification;
  }
  return { email: null };
}

function ResendButton({
  email,
  startActive,
  label = 'Resend code',
}: {
  email: string;
  startActive: boolean;
  label?: string;
}) {
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, startActive);
  const resend = useResendVerificationMutation();
  const [sent, setSent] = useState(false);
  const waiting = cooldown.remaining > 0;

  return (
    <div className="flex flex-col items-center gap-2">
      <Button
        variant="ghost"
        disabled={waiting || email.trim() === ''}
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: () => {
              setSent(true);
              cooldown.start();
            },
          })
        }
      >
        {waiting ? `${label} (${cooldown.remaining}s)` : label}
      </Button>
      <p role="status" className="text-center text-xs text-muted">
        {sent && !resend.isError
          ? 'If the account is waiting for verification, a new code is on its way.'
          : ''}
      </p>
      <FormError message={resend.error?.message} />
    </div>
  );
}

function EmailStep({
  pending,
  onVerified,
}: {
  pending: PendingVerification;
  onVerified: (outcome: LoginOutcome) => void;
}) {
  const [email, setEmail] = useState(pending.email ?? '');
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyEmailMutation();
  const knownEmail = pending.email !== null && pending.email !== '';

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    verify.mutate(
      { email: email.trim(), code },
      { onSuccess: onVerified, onError: () => codeRef.current?.focus() },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Verify email">
      <div className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4">
        <MailIcon size={22} className="mt-0.5 shrink-0 text-accent-text" />
        <p className="text-sm text-muted">
          {knownEmail ? (
            <>
              We sent a 6-digit code to <span className="font-semibold text-fg">{email}</span>. It
              expires in 24 hours. You can also open the link in that email.
            </>
          ) : (
            'Enter the email you signed up with and the 6-digit code we sent to it.'
          )}
        </p>
      </div>
      {knownEmail ? null : (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      )}
      <CodeField
        ref={codeRef}
        label="Verification code"
        name="code"
        autoFocus={knownEmail}
        value={code}
        onValueChange={setCode}
        placeholder="000000"
        aria-invalid={verify.error ? true : undefined}
        aria-describedby={verify.error ? 'verify-email-error' : undefined}
      />
      <FormError id="verify-email-error" message={verify.error?.message} />
      <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
        Verify email
      </Button>
      <ResendButton email={email} startActive={pending.justSent === true} />
    </form>
  );
}

function PhoneStep({ pending, onDone }: { pending: PendingVerification; onDone: () => void }) {
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyPhoneMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    verify.mutate(
      { phoneNumber: pending.phoneNumber ?? null, code },
      { onSuccess: onDone, onError: () => codeRef.current?.focus() },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Verify phone">
      <div className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4">
        <MessageIcon size={22} className="mt-0.5 shrink-0 text-accent-text" />
        <p className="text-sm text-muted">
          Your email is confirmed. We also texted a 6-digit code to{' '}
          <span className="font-semibold text-fg">{pending.phoneNumber ?? 'your phone'}</span>.
        </p>
      </div>
      <CodeField
        ref={codeRef}
        label="Phone verification code"
        name="phoneCode"
        autoFocus
        value={code}
        onValueChange={setCode}
        placeholder="000000"
        aria-invalid={verify.error ? true : undefined}
        aria-describedby={verify.error ? 'verify-phone-error' : undefined}
      />
      <FormError id="verify-phone-error" message={verify.error?.message} />
      <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
        Verify phone
      </Button>
      {pending.email ? <ResendButton email={pending.email} startActive={false} /> : null}
      <Button variant="ghost" onClick={onDone}>
        Skip for now
      </Button>
    </form>
  );
}

/** Opened from the mail's link: verifies once on arrival. */
function LinkVerification({ token }: { token: string }) {
  const navigate = useNavigate();
  const verify = useVerifyEmailMutation();
  const [tempToken, setTempToken] = useState<string | null>(null);
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    // StrictMode runs effects twice in development; the link is single use.
    if (started.current) return;
    started.current = true;
    mutate(
      { token },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'two-factor') setTempToken(outcome.tempToken);
          else if (outcome.kind === 'signed-in') {
            navigate(pathAfterSignIn(outcome), { replace: true });
          }
        },
      },
    );
  }, [mutate, navigate, token]);

  if (tempToken) {
    return (
      <AuthLayout title="Check your authenticator" subtitle="Your email is confirmed.">
        <TwoFactorStep
          tempToken={tempToken}
          onSignedIn={(outcome) => {
            if (outcome.kind === 'signed-in') navigate(pathAfterSignIn(outcome), { replace: true });
          }}
          onBack={() => navigate('/login', { replace: true })}
        />
      </AuthLayout>
    );
  }
  if (verify.isError) {
    return (
      <AuthLayout title="This link did not work" subtitle={verify.error.message}>
        <div className="flex flex-col gap-3">
          <ButtonLink to="/verify-email" replace fullWidth>
            Enter the code instead
          </ButtonLink>
          <ButtonLink to="/login" variant="secondary" fullWidth>
            Back to log in
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }
  return <LoadingState fullPage label="Confirming your email…" />;
}

export function VerifyEmailPage() {
  useDocumentTitle('Verify your account');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const pending = readPending(location.state);
  const [step, setStep] = useState<'email' | 'two-factor' | 'phone'>('email');
  const [tempToken, setTempToken] = useState<string | null>(null);
  const [next, setNext] = useState('/');

  if (token) return <LinkVerification token={token} />;

  function onEmailVerified(outcome: LoginOutcome): void {
    if (outcome.kind === 'two-factor') {
      setTempToken(outcome.tempToken);
      setStep('two-factor');
      return;
    }
    if (outcome.kind !== 'signed-in') return;
    const path = pathAfterSignIn(outcome);
    if (pending.requiresPhoneVerification) {
      setNext(path);
      setStep('phone');
    } else navigate(path, { replace: true });
  }

  if (step === 'two-factor' && tempToken) {
    return (
      <AuthLayout title="Check your authenticator" subtitle="Your email is confirmed.">
        <TwoFactorStep
          tempToken={tempToken}
          onSignedIn={onEmailVerified}
          onBack={() => navigate('/login', { replace: true })}
        />
      </AuthLayout>
    );
  }

  if (step === 'phone') {
    return (
      <AuthLayout title="Confirm your phone" subtitle="One last code and you are all set.">
        <PhoneStep pending={pending} onDone={() => navigate(next, { replace: true })} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Check your email"
      subtitle={pending.message ?? 'Confirm your email address to finish setting up your account.'}
      footer={
        <Link to="/login" className="font-semibold text-accent-text hover:underline">
          Back to log in
        </Link>
      }
    >
      <EmailStep pending={pending} onVerified={onEmailVerified} />
    </AuthLayout>
  );
}
