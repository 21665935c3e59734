/**
 * Creators: payout onboarding with the card provider (SPEC §7 /stripe/connect, /status,
 * /login; §8 'Server did not return onboarding URL. Check server logs.' and 'Failed to connect
 * to Stripe').
 */
import { errorMessageOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { CheckCircleIcon } from '../../ui/icons.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { SettingsCard } from '../settings/components/settings-card.tsx';
import { useConnect, useConnectLogin, useConnectStatus } from './queries.ts';

export function ConnectStatusCard() {
  const status = useConnectStatus(true);
  const connect = useConnect();
  const login = useConnectLogin();

  function start() {
    connect.mutate(undefined, {
      onSuccess: (result) => {
        if (result.accountVerified) toast.success('Your payout account is ready.');
        else if (result.url) window.location.assign(result.url);
        else toast.error('Server did not return onboarding URL. Check server logs.');
      },
    });
  }

  let body;
  if (status.isPending) body = <LoadingState label="Checking your payout account…" />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else {
    const s = status.data;
    body = (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Account</dt>
          <dd className="text-fg">{s.connected ? 'Connected' : 'Not connected'}</dd>
          <dt className="text-muted">Details submitted</dt>
          <dd className="text-fg">{s.detailsSubmitted ? 'Yes' : 'No'}</dd>
          <dt className="text-muted">Payouts</dt>
          <dd className="text-fg">{s.payoutsEnabled ? 'Enabled' : 'Not yet'}</dd>
        </dl>
        {s.accountVerified ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <CheckCircleIcon size={18} /> Verified: you can receive payouts.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {s.accountVerified ? null : (
            <Button loading={connect.isPending} onClick={start} className="self-start">
              {s.connected ? 'Continue onboarding' : 'Connect payout account'}
            </Button>
          )}
          {s.accountVerified && s.provider === 'stripe' ? (
            <Button
              variant="outline"
              loading={login.isPending}
              onClick={() =>
                login.mutate(undefined, { onSuccess: (r) => window.location.assign(r.url) })
              }
            >
              Open Stripe dashboard
            </Button>
          ) : null}
        </div>
        {connect.isError ? (
          <FormError message={errorMessageOf(connect.error, 'Failed to connect to Stripe')} />
        ) : null}
        {login.isError ? (
          <FormError message={errorMessageOf(login.error, 'Failed to connect to Stripe')} />
        ) : null}
      </div>
    );
  }
  return (
    <SettingsCard
      title="Payout account"
      description={
        status.data?.provider === 'test'
          ? 'Test provider: connecting is instant and payouts use your payout settings.'
          : 'Stripe Connect: Stripe checks your identity and bank before the first payout.'
      }
    >
      {body}
    </SettingsCard>
  );
}
