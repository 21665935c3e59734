/** /beta: unlock with a code, switch beta features on or off, send feedback, invite a friend. */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { GiftIcon, KeyIcon, MessageIcon, SparklesIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { EMAIL_PATTERN } from '../../auth/account-rules.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useBetaAccess } from '../beta-access.ts';
import {
  useBetaFeaturesQuery,
  useBetaFeedbackMutation,
  useBetaInviteMutation,
  useToggleBetaFeatureMutation,
  useVerifyBetaCodeMutation,
} from '../queries.ts';

function Section({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = `beta-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id} className="p-5 sm:p-6">
      <div className="mb-5 flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
          {icon}
        </span>
        <div>
          <h2 id={id} className="font-semibold text-fg">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
      </div>
      {children}
    </Card>
  );
}

function CodeEntry() {
  const [code, setCode] = useState('');
  const verify = useVerifyBetaCodeMutation();
  return (
    <form
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        verify.mutate(code);
      }}
      noValidate
      aria-label="Unlock the beta"
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
    >
      <TextField
        label="Beta access code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={verify.error?.message}
        className="flex-1"
      />
      <Button type="submit" loading={verify.isPending} className="sm:mt-7">
        Unlock beta
      </Button>
    </form>
  );
}

function AccessStatus() {
  const hasAccess = useBetaAccess((s) => s.hasAccess);
  const revoke = useBetaAccess((s) => s.revoke);
  if (!hasAccess) return <CodeEntry />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-2 text-sm text-fg">
        <Badge className="shrink-0 whitespace-nowrap">Beta tester</Badge>
        Beta access is on for this browser.
      </p>
      <Button variant="ghost" size="sm" onClick={revoke}>
        Leave the beta
      </Button>
    </div>
  );
}

function FeatureList({ hasAccess }: { hasAccess: boolean }) {
  const features = useBetaFeaturesQuery();
  const toggle = useToggleBetaFeatureMutation();
  if (features.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (features.isError) {
    return (
      <ErrorState title="Could not load beta features" onRetry={() => void features.refetch()} />
    );
  }
  if (features.data.length === 0) {
    return (
      <EmptyState
        title="No beta features right now"
        description="When an early feature is ready you can switch it on here."
      />
    );
  }
  return (
    <div className="flex flex-col divide-y divide-line">
      {features.data.map((feature) =>
        hasAccess ? (
          <Switch
            key={feature.id}
            label={feature.name}
            description={feature.description}
            checked={feature.userEnabled}
            onChange={(userEnabled) => toggle.mutate({ id: feature.id, userEnabled })}
          />
        ) : (
          <div key={feature.id} className="py-2">
            <p className="text-sm font-medium text-fg">{feature.name}</p>
            <p className="text-xs text-muted">{feature.description}</p>
          </div>
        ),
      )}
    </div>
  );
}

function FeedbackForm() {
  const features = useBetaFeaturesQuery();
  const [featureId, setFeatureId] = useState('');
  const [message, setMessage] = useState('');
  const send = useBetaFeedbackMutation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate(
          { featureId: featureId || undefined, message },
          { onSuccess: () => setMessage('') },
        );
      }}
      noValidate
      aria-label="Beta feedback"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="beta-feedback-feature" className="text-sm font-medium text-fg">
          About
        </label>
        <select
          id="beta-feedback-feature"
          value={featureId}
          onChange={(e) => setFeatureId(e.target.value)}
          className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-[0.95rem] text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
        >
          <option value="">The beta in general</option>
          {features.data?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
      <TextareaField
        label="Your feedback"
        maxLength={5000}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        hint="What worked, what did not, what you expected."
      />
      <FormError message={send.error?.message} />
      <Button type="submit" className="self-start" loading={send.isPending}>
        Send feedback
      </Button>
    </form>
  );
}

function InviteForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useBetaInviteMutation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!EMAIL_PATTERN.test(email.trim())) {
          setError('Enter a valid email.');
          return;
        }
        setError(null);
        invite.mutate(email, { onSuccess: () => setEmail('') });
      }}
      noValidate
      aria-label="Invite a friend"
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
    >
      <TextField
        label="Friend’s email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error ?? invite.error?.message}
        className="flex-1"
      />
      <Button type="submit" variant="secondary" loading={invite.isPending} className="sm:mt-7">
        Send invite
      </Button>
    </form>
  );
}

export function BetaPage() {
  useDocumentTitle('Beta');
  const hasAccess = useBetaAccess((s) => s.hasAccess);
  const revoked = useBetaAccess((s) => s.revoked);
  const grant = useBetaAccess((s) => s.grant);
  const accountHasAccess = useAuthStore((s) => s.user?.betaAccess === true);

  // An account that redeemed a code elsewhere has access here too, unless it left on this browser.
  useEffect(() => {
    if (accountHasAccess && !hasAccess && !revoked) grant();
  }, [accountHasAccess, hasAccess, revoked, grant]);

  return (
    <Page title="Beta" width="narrow" description="Try what is coming next before everyone else.">
      <div className="flex flex-col gap-5">
        <Section
          icon={<KeyIcon size={20} />}
          title="Beta access"
          description={hasAccess ? undefined : 'Enter the code from your invitation.'}
        >
          <AccessStatus />
        </Section>
        <Section
          icon={<SparklesIcon size={20} />}
          title="Beta features"
          description={
            hasAccess ? 'Switch features on for your account.' : 'Unlock the beta to try these.'
          }
        >
          <FeatureList hasAccess={hasAccess} />
        </Section>
        {hasAccess ? (
          <>
            <Section icon={<MessageIcon size={20} />} title="Feedback">
              <FeedbackForm />
            </Section>
            <Section
              icon={<GiftIcon size={20} />}
              title="Invite a friend"
              description="We email them a single-use code."
            >
              <InviteForm />
            </Section>
          </>
        ) : null}
      </div>
    </Page>
  );
}
