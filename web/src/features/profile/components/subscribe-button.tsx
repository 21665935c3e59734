import type { PromoQuote, PublicUser } from '@fanspace/contracts';
import { ErrorCodes } from '@fanspace/contracts/errors';
import { useState } from 'react';
import { errorCodeOf, errorMessageOf } from '../../../lib/api/index.ts';
import { Button, ButtonLink, type ButtonSize } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { displayNameOf, isCreatorUser } from '../../auth/user.ts';
import { formatPrice } from '../../posts/access.ts';
import { useWalletBalanceQuery } from '../../posts/queries.ts';
import { hasAccess, useMySubscriptionsQuery, useSubscribeMutation } from '../subscriptions.ts';
import { PayFooter } from '../../wallet/components/pay-footer.tsx';
import { PromoCodeField } from '../../commerce/components/promo-code-field.tsx';
import { displayLocale, displayTimeZone } from '../../../lib/intl.ts';
import { PAYMENT_UNKNOWN_ERROR } from '../../../lib/money.ts';

function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `subscribe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Subscribe / Subscribed for a creator with a price. The dialog shows what is charged, from
 * where, and for how long before anything is paid.
 */
export function SubscribeButton({ user, size = 'md' }: { user: PublicUser; size?: ButtonSize }) {
  const [open, setOpen] = useState(false);
  const subscriptions = useMySubscriptionsQuery();
  const current = subscriptions.data?.subscriptions.find((s) => s.creatorId === user.id);
  if (!isCreatorUser(user) || user.subscriptionPrice <= 0) return null;
  if (current && hasAccess(current)) {
    const until = new Date(current.currentPeriodEnd).toLocaleDateString(displayLocale(), {
      timeZone: displayTimeZone(),
    });
    return (
      <ButtonLink
        size={size}
        variant="outline"
        icon={<CheckIcon size={16} />}
        to="/subscriptions"
        title="Manage your subscriptions"
      >
        {current.status === 'canceled' ? `Subscribed until ${until}` : 'Subscribed'}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        Subscribe · {formatPrice(user.subscriptionPrice)}
      </Button>
      {open ? <SubscribeDialog user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SubscribeDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const subscribe = useSubscribeMutation();
  const balance = useWalletBalanceQuery(true);
  // one attempt, one key: retrying after an error or a lost answer reuses it
  const [attemptKey, setAttemptKey] = useState(newKey);
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const price = quote ? quote.price : user.subscriptionPrice;
  const short = balance.data !== undefined && balance.data.balance < price;
  const noFunds = errorCodeOf(subscribe.error) === ErrorCodes.INSUFFICIENT_FUNDS || short;

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Subscribe to ${displayNameOf(user)}`}
      description={`@${user.username}'s subscriber-only posts for 30 days, renewed automatically until you cancel.`}
      footer={
        <PayFooter onCancel={onClose} noFunds={noFunds}>
          <Button
            loading={subscribe.isPending}
            onClick={() =>
              subscribe.mutate(
                {
                  creatorId: user.id,
                  idempotencyKey: attemptKey,
                  ...(quote ? { promoCode: quote.code } : {}),
                },
                { onSuccess: onClose },
              )
            }
          >
            Pay {formatPrice(price)}
          </Button>
        </PayFooter>
      }
    >
      <dl className="flex flex-col gap-2 text-sm" aria-label="Subscription price">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">30 days of access</dt>
          <dd className="font-medium text-fg">{formatPrice(user.subscriptionPrice)}</dd>
        </div>
        {quote ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">First period with {quote.code}</dt>
            <dd className="font-medium text-fg">
              {formatPrice(quote.price)}, then {formatPrice(user.subscriptionPrice)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Paid from</dt>
          <dd className="font-medium text-fg">
            Your wallet
            {balance.data ? ` (balance ${formatPrice(balance.data.balance)})` : ''}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <PromoCodeField
          purpose="subscription"
          targetId={user.id}
          quote={quote}
          onQuote={(next) => {
            // another price is another attempt
            setQuote(next);
            subscribe.reset();
            setAttemptKey(newKey());
          }}
        />
      </div>
      {short && !subscribe.isError ? (
        <p className="mt-4 text-sm text-warning" role="status">
          Your wallet balance is lower than the price. Add funds first.
        </p>
      ) : null}
      {subscribe.isError ? (
        <div className="mt-4">
          <FormError message={errorMessageOf(subscribe.error, PAYMENT_UNKNOWN_ERROR)} />
        </div>
      ) : null}
    </Dialog>
  );
}
