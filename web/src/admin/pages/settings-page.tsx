/**
 * Admin · Platform settings: fee percent, pro pack price and the beta switch (GET/PUT
 * /admin/settings), automatic moderation (flagged terms, report threshold), a system
 * notification to everyone or some users, and free pro grants.
 */
import {
  ADMIN_TOASTS,
  ModerationLimits,
  type FeatureFlags,
  type ModerationSettings,
  type PlatformSettings,
  type UpdatePlatformSettingsBody,
} from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { Switch } from '../../ui/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  adminKeys,
  fetchSettings,
  grantFreePro,
  saveSettings,
  sendSystemNotification,
} from '../api.ts';
import { SectionHeader } from '../components/fields.tsx';
import { plural } from '../../lib/plural.ts';

export interface SettingsDraft {
  feePercent: string;
  proPackPrice: string;
  betaRequired: boolean;
  features: FeatureFlags;
  massMessagesPerDay: string;
  /** the referral programme's terms; left out, they are not changed */
  referralPercent?: string;
  referralMonths?: string;
}

export type SettingsErrors = Partial<
  Record<
    'feePercent' | 'proPackPrice' | 'massMessagesPerDay' | 'referralPercent' | 'referralMonths',
    string
  >
>;

const FEATURE_SWITCHES: Array<{ key: keyof FeatureFlags; label: string; description: string }> = [
  {
    key: 'registrationsOpen',
    label: 'Sign-ups open',
    description: 'Off: new accounts are refused; the waitlist stays open.',
  },
  { key: 'tips', label: 'Tips', description: 'Tips on posts, profiles and in chats.' },
  {
    key: 'paidMessages',
    label: 'Locked chat messages',
    description: 'Creators can sell media in chats.',
  },
  { key: 'massMessages', label: 'Mass messages', description: 'Creators can message many fans.' },
];

/** Checks the form against the contract's bounds; returns the changed fields or the errors. */
export function validateSettings(
  draft: SettingsDraft,
  current: PlatformSettings,
): { body: UpdatePlatformSettingsBody } | { errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const fee = Number(draft.feePercent);
  if (draft.feePercent.trim() === '' || !Number.isFinite(fee) || fee < 0 || fee > 50) {
    errors.feePercent = 'The fee is a percentage from 0 to 50.';
  } else if (!/^\d+(\.\d{1,2})?$/.test(draft.feePercent.trim())) {
    errors.feePercent = 'Use at most two decimals, like 20 or 12.5.';
  }
  const price = Number(draft.proPackPrice);
  if (
    draft.proPackPrice.trim() === '' ||
    !/^\d+(\.\d{1,2})?$/.test(draft.proPackPrice.trim()) ||
    price < 0.99 ||
    price > 999.99
  ) {
    errors.proPackPrice = 'The price is from 0.99 to 999.99, like 9.99.';
  }
  const perDay = Number(draft.massMessagesPerDay);
  if (!/^\d+$/.test(draft.massMessagesPerDay.trim()) || perDay > 100)
    errors.massMessagesPerDay = 'A whole number from 0 to 100.';
  const referralPercent =
    draft.referralPercent === undefined ? undefined : Number(draft.referralPercent);
  if (
    draft.referralPercent !== undefined &&
    (!/^\d+(\.\d{1,2})?$/.test(draft.referralPercent.trim()) || Number(referralPercent) > 50)
  )
    errors.referralPercent = 'A percentage from 0 to 50, at most two decimals.';
  const referralMonths =
    draft.referralMonths === undefined ? undefined : Number(draft.referralMonths);
  if (
    draft.referralMonths !== undefined &&
    (!/^\d+$/.test(draft.referralMonths.trim()) || Number(referralMonths) > 120)
  )
    errors.referralMonths = 'A whole number of months from 0 to 120.';
  if (Object.keys(errors).length > 0) return { errors };
  const body: UpdatePlatformSettingsBody = {};
  if (referralPercent !== undefined && referralPercent !== current.referralPercent)
    body.referralPercent = referralPercent;
  if (referralMonths !== undefined && referralMonths !== current.referralMonths)
    body.referralMonths = referralMonths;
  if (fee !== current.feePercent) body.feePercent = fee;
  if (price !== current.proPackPrice) body.proPackPrice = price;
  if (draft.betaRequired !== current.betaRequired) body.betaRequired = draft.betaRequired;
  const changedFeatures = Object.fromEntries(
    Object.entries(draft.features).filter(
      ([key, on]) => current.features[key as keyof FeatureFlags] !== on,
    ),
  );
  if (Object.keys(changedFeatures).length > 0) body.features = changedFeatures;
  if (perDay !== current.limits.massMessagesPerDay) body.limits = { massMessagesPerDay: perDay };
  return { body };
}

/** The terms of the textarea: one per line, spaces collapsed, no empties or repeats. */
export function parseTerms(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((term) => {
      const key = term.toLowerCase();
      if (!term || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export interface ModerationDraft {
  terms: string;
  reportThreshold: string;
}

/** Checks the moderation form; returns what changed or the errors. */
export function validateModeration(
  draft: ModerationDraft,
  current: ModerationSettings,
):
  | { body: Partial<ModerationSettings> }
  | { errors: Partial<Record<keyof ModerationDraft, string>> } {
  const errors: Partial<Record<keyof ModerationDraft, string>> = {};
  const terms = parseTerms(draft.terms);
  const long = terms.find((t) => t.length > ModerationLimits.maxTermLength);
  if (terms.length > ModerationLimits.maxTerms)
    errors.terms = `At most ${ModerationLimits.maxTerms} terms.`;
  else if (long)
    errors.terms = `“${long.slice(0, 24)}…” is longer than ${ModerationLimits.maxTermLength} characters.`;
  const threshold = Number(draft.reportThreshold);
  if (!/^\d+$/.test(draft.reportThreshold.trim()) || threshold < 1 || threshold > 100)
    errors.reportThreshold = 'A whole number from 1 to 100.';
  if (Object.keys(errors).length > 0) return { errors };
  const body: Partial<ModerationSettings> = {};
  if (terms.join('\n') !== current.flaggedTerms.join('\n')) body.flaggedTerms = terms;
  if (threshold !== current.reportThreshold) body.reportThreshold = threshold;
  return { body };
}

export function SettingsPage() {
  useDocumentTitle('Admin · Platform settings');
  return (
    <div className="w-full max-w-3xl">
      <SectionHeader
        title="Platform settings"
        description="Fees, prices, feature switches and automatic moderation."
      />
      <div className="flex flex-col gap-6">
        <SettingsForm />
        <ModerationForm />
        <SystemNotificationForm />
        <GrantFreeProForm />
      </div>
    </div>
  );
}

function SettingsForm() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: adminKeys.settings(), queryFn: fetchSettings });
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [notice, setNotice] = useState<string | null>(null);

  // reset the draft when these values change, not when the moderation form saves
  const stored = settings.data ? JSON.stringify({ ...settings.data, moderation: undefined }) : '';
  useEffect(() => {
    if (!stored) return;
    const values = JSON.parse(stored) as PlatformSettings;
    setDraft({
      feePercent: String(values.feePercent),
      proPackPrice: values.proPackPrice.toFixed(2),
      betaRequired: values.betaRequired,
      features: { ...values.features },
      massMessagesPerDay: String(values.limits.massMessagesPerDay),
      referralPercent: String(values.referralPercent),
      referralMonths: String(values.referralMonths),
    });
  }, [stored]);

  const mutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      toast.success('Platform settings saved.');
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not save the settings.')),
  });

  if (settings.isPending || (settings.data && !draft)) {
    return (
      <Card className="p-5">
        <LoadingState label="Loading settings…" />
      </Card>
    );
  }
  if (settings.error || !draft) {
    return (
      <ErrorState
        title="Could not load the settings"
        message={errorMessageOf(settings.error, 'Check your connection and try again.')}
        onRetry={() => void settings.refetch()}
      />
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || !settings.data) return;
    setNotice(null);
    const result = validateSettings(draft, settings.data);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (Object.keys(result.body).length === 0) {
      setNotice('Nothing has changed.');
      return;
    }
    mutation.mutate(result.body);
  }

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-fg">Fees, prices, features and limits</h2>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Platform fee (%)"
            inputMode="decimal"
            hint="Taken from every unlock, tip and subscription. 0 to 50."
            value={draft.feePercent}
            onChange={(e) => setDraft({ ...draft, feePercent: e.target.value })}
            error={errors.feePercent}
          />
          <TextField
            label="Pro pack price (USD)"
            inputMode="decimal"
            hint="Monthly price, 0.99 to 999.99."
            value={draft.proPackPrice}
            onChange={(e) => setDraft({ ...draft, proPackPrice: e.target.value })}
            error={errors.proPackPrice}
          />
          <TextField
            label="Referral share (%)"
            inputMode="decimal"
            hint="Of a referred creator's sales, paid to their referrer out of the platform fee (never more than the fee)."
            value={draft.referralPercent ?? ''}
            onChange={(e) => setDraft({ ...draft, referralPercent: e.target.value })}
            error={errors.referralPercent}
          />
          <TextField
            label="Referral window (months)"
            inputMode="numeric"
            hint="How long after signing up a referred user's sales pay their referrer."
            value={draft.referralMonths ?? ''}
            onChange={(e) => setDraft({ ...draft, referralMonths: e.target.value })}
            error={errors.referralMonths}
          />
        </div>
        <Switch
          label="Beta access required"
          description="New sign-ups need a beta invite."
          checked={draft.betaRequired}
          onChange={(betaRequired) => setDraft({ ...draft, betaRequired })}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-fg">Features</legend>
          {FEATURE_SWITCHES.map((f) => (
            <Switch
              key={f.key}
              label={f.label}
              description={f.description}
              checked={draft.features[f.key]}
              onChange={(on) =>
                setDraft({ ...draft, features: { ...draft.features, [f.key]: on } })
              }
            />
          ))}
        </fieldset>
        <TextField
          label="Mass messages per creator per day"
          inputMode="numeric"
          hint="0 to 100. Counted per UTC day."
          value={draft.massMessagesPerDay}
          onChange={(e) => setDraft({ ...draft, massMessagesPerDay: e.target.value })}
          error={errors.massMessagesPerDay}
        />
        {notice ? (
          <p className="text-sm text-muted" role="status">
            {notice}
          </p>
        ) : null}
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, 'Could not save the settings.')} />
        ) : null}
        <div>
          <Button type="submit" loading={mutation.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ModerationForm() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: adminKeys.settings(), queryFn: fetchSettings });
  const [draft, setDraft] = useState<ModerationDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ModerationDraft, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const moderation = settings.data?.moderation;

  // reset the draft when the stored values change, not when another form saves
  const stored = moderation ? JSON.stringify(moderation) : '';
  useEffect(() => {
    if (!stored) return;
    const values = JSON.parse(stored) as ModerationSettings;
    setDraft({
      terms: values.flaggedTerms.join('\n'),
      reportThreshold: String(values.reportThreshold),
    });
  }, [stored]);

  const mutation = useMutation({
    mutationFn: (body: Partial<ModerationSettings>) => saveSettings({ moderation: body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      toast.success('Moderation settings saved.');
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not save the moderation settings.')),
  });

  // loading and errors are shown once, by the form above
  if (!moderation || !draft) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || !moderation) return;
    setNotice(null);
    const result = validateModeration(draft, moderation);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (Object.keys(result.body).length === 0) {
      setNotice('Nothing has changed.');
      return;
    }
    mutation.mutate(result.body);
  }

  const count = parseTerms(draft.terms).length;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-fg">Automatic moderation</h2>
      <p className="mt-1 text-sm text-muted">
        New and edited posts, comments and chat messages that contain a flagged term are reported
        automatically to the moderation queue. The content stays up until a moderator acts.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <TextareaField
          label="Flagged terms"
          hint={`One word or phrase per line, matched as whole words in any letter case. ${count} of ${ModerationLimits.maxTerms}.`}
          rows={6}
          value={draft.terms}
          onChange={(e) => setDraft({ ...draft, terms: e.target.value })}
          error={errors.terms}
        />
        <TextField
          label="Report threshold"
          inputMode="numeric"
          hint="Content or a profile reported by this many different users is marked high priority."
          value={draft.reportThreshold}
          onChange={(e) => setDraft({ ...draft, reportThreshold: e.target.value })}
          error={errors.reportThreshold}
          className="max-w-xs"
        />
        {notice ? (
          <p className="text-sm text-muted" role="status">
            {notice}
          </p>
        ) : null}
        {mutation.isError ? (
          <FormError
            message={errorMessageOf(mutation.error, 'Could not save the moderation settings.')}
          />
        ) : null}
        <div>
          <Button type="submit" loading={mutation.isPending}>
            Save moderation settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

type Audience = 'all' | 'creators' | 'fans' | 'users';

function SystemNotificationForm() {
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [usernames, setUsernames] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: sendSystemNotification,
    onSuccess: (result) => {
      toast.success(result.message || `Sent to ${plural(result.recipients, 'user')}.`);
      setMessage('');
      setUsernames('');
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not send the notification.')),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!message.trim()) {
      setError('Write a message.');
      return;
    }
    let targetUsers: 'all' | 'creators' | 'fans' | string[];
    if (audience === 'users') {
      const list = usernames
        .split(/[\s,]+/)
        .map((u) => u.trim().replace(/^@/, ''))
        .filter(Boolean);
      if (list.length === 0) {
        setError('List at least one username.');
        return;
      }
      targetUsers = [...new Set(list)];
    } else {
      targetUsers = audience;
    }
    mutation.mutate({ message: message.trim(), targetUsers });
  }
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-fg">Send a system notification</h2>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <TextareaField
          label="Message"
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <SegmentedControl
          label="Send to"
          value={audience}
          onChange={setAudience}
          options={[
            { value: 'all', label: 'Everyone' },
            { value: 'creators', label: 'Creators' },
            { value: 'fans', label: 'Fans' },
            { value: 'users', label: 'Some users' },
          ]}
        />
        {audience === 'users' ? (
          <TextField
            label="Usernames"
            hint="Separated by commas or spaces."
            value={usernames}
            onChange={(e) => setUsernames(e.target.value)}
          />
        ) : null}
        <FormError message={error} />
        <div>
          <Button type="submit" loading={mutation.isPending}>
            Send notification
          </Button>
        </div>
      </form>
    </Card>
  );
}

function GrantFreeProForm() {
  const [username, setUsername] = useState('');
  const [months, setMonths] = useState('1');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: grantFreePro,
    // the account's own username, not the one typed (@Ann finds ann)
    onSuccess: (result) => {
      toast.success(ADMIN_TOASTS.proGranted(result.username));
      setUsername('');
      setReason('');
    },
    onError: () => toast.error(ADMIN_TOASTS.proFailed),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const name = username.trim().replace(/^@/, '');
    const count = Number(months);
    if (!name) return setError('Enter a username.');
    if (!Number.isInteger(count) || count < 1 || count > 24)
      return setError('Months is a whole number from 1 to 24.');
    if (!reason.trim()) return setError('Give a reason.');
    mutation.mutate({ username: name, months: count, reason: reason.trim() });
  }
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-fg">Grant free Pro</h2>
      <p className="mt-1 text-sm text-muted">
        Adds free pro pack months to an account. No money moves.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label="Months"
            type="number"
            min={1}
            max={24}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
          />
        </div>
        <TextareaField
          label="Reason"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormError message={error} />
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, ADMIN_TOASTS.proFailed)} />
        ) : null}
        <div>
          <Button type="submit" loading={mutation.isPending}>
            Grant Pro
          </Button>
        </div>
      </form>
    </Card>
  );
}
