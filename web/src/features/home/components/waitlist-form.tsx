import type { WaitlistSignupBody } from '@fanspace/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { EMAIL_PATTERN } from '../../auth/account-rules.ts';
import { useJoinWaitlistMutation } from '../../beta/queries.ts';

type UserType = WaitlistSignupBody['userType'];

/** POST /waitlist/signup {email, userType}; shows the place in line (spec §7 Waitlist). */
export function WaitlistForm() {
  const [email, setEmail] = useState('');
  const [userType, setUserType] = useState<UserType>('fan');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const join = useJoinWaitlistMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError('Enter a valid email.');
      emailRef.current?.focus();
      return;
    }
    setError(null);
    join.mutate({ email, userType });
  }

  if (join.data) {
    const { position, total, alreadyJoined } = join.data;
    return (
      <div role="status" className="flex flex-col items-center gap-2 text-center">
        <CheckCircleIcon size={32} className="text-success" />
        <p className="text-lg font-semibold text-fg">
          You are #{position.toLocaleString()} on the waitlist
        </p>
        <p className="text-sm text-muted">
          {alreadyJoined ? 'You had already joined. ' : ''}
          {total.toLocaleString()} {total === 1 ? 'person is' : 'people are'} waiting. We will email
          you when your invitation is ready.
        </p>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Join the waitlist"
      className="mx-auto flex w-full max-w-md flex-col gap-4 text-left"
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
      <SegmentedControl<UserType>
        label="I am"
        value={userType}
        onChange={setUserType}
        options={[
          { value: 'fan', label: 'I’m a fan' },
          { value: 'creator', label: 'I’m a creator' },
        ]}
      />
      <FormError message={join.error?.message} />
      <Button type="submit" size="lg" loading={join.isPending}>
        Join the waitlist
      </Button>
    </form>
  );
}
