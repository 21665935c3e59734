/**
 * Pay-to-unlock: the price breakdown, the wallet it is paid from, and POST /posts/{id}/unlock
 * with one Idempotency-Key per purchase attempt. Failures show the server's reason; a short
 * wallet links to the wallet page.
 */
import type { Post, PromoQuote } from '@fanspace/contracts';
import { useState } from 'react';
import { isInsufficientFunds, newIdempotencyKey, paymentFailureText } from '../../../lib/money.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { LockIcon } from '../../../ui/icons.tsx';
import { displayNameOf } from '../../auth/user.ts';
import { formatPrice } from '../access.ts';
import { useUnlockPostMutation, useWalletBalanceQuery } from '../queries.ts';
import { PayFooter } from '../../wallet/components/pay-footer.tsx';
import { PromoCodeField } from '../../commerce/components/promo-code-field.tsx';

export function UnlockDialog({
  post,
  open,
  onClose,
}: {
  post: Post;
  open: boolean;
  onClose: () => void;
}) {
  const unlock = useUnlockPostMutation();
  const balance = useWalletBalanceQuery(open);
  // One purchase attempt, one key: retrying after an error or a lost answer reuses it.
  const [attemptKey, setAttemptKey] = useState(() => newIdempotencyKey('unlock'));
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const listPrice = post.accessDetails.price ?? 0;
  const price = quote ? quote.price : listPrice;
  const short = balance.data !== undefined && balance.data.balance < price;
  const noFunds = isInsufficientFunds(unlock.error) || short;

  function close(): void {
    unlock.reset();
    setAttemptKey(newIdempotencyKey('unlock'));
    setQuote(null);
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Unlock this post"
      description={`A one-time purchase from ${displayNameOf(post.user)} (@${post.user.username}). You keep access for good.`}
      footer={
        <PayFooter onCancel={close} noFunds={noFunds}>
          <Button
            icon={<LockIcon size={16} />}
            loading={unlock.isPending}
            onClick={() =>
              unlock.mutate(
                {
                  postId: post.id,
                  idempotencyKey: attemptKey,
                  ...(quote ? { promoCode: quote.code } : {}),
                },
                { onSuccess: close },
              )
            }
          >
            Pay {formatPrice(price)}
          </Button>
        </PayFooter>
      }
    >
      <dl className="flex flex-col gap-2 text-sm" aria-label="Price breakdown">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Post price</dt>
          <dd className="font-medium text-fg">{formatPrice(listPrice)}</dd>
        </div>
        {quote ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Promo code {quote.code}</dt>
            <dd className="font-medium text-fg">−{formatPrice(quote.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Paid from</dt>
          <dd className="font-medium text-fg">
            Your wallet
            {balance.data ? ` (balance ${formatPrice(balance.data.balance)})` : ''}
          </dd>
        </div>
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3">
          <dt className="font-semibold text-fg">Total</dt>
          <dd className="font-bold text-fg">{formatPrice(price)}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <PromoCodeField
          purpose="unlock"
          targetId={post.id}
          quote={quote}
          onQuote={(next) => {
            setQuote(next);
            unlock.reset();
            setAttemptKey(newIdempotencyKey('unlock'));
          }}
        />
      </div>
      {short && !unlock.isError ? (
        <p className="mt-4 text-sm text-warning" role="status">
          Your wallet balance is lower than the price. Add funds first.
        </p>
      ) : null}
      {unlock.isError ? (
        <div className="mt-4">
          <FormError message={paymentFailureText(unlock.error)} />
        </div>
      ) : null}
    </Dialog>
  );
}
