/**
 * The paid parts of a message: a locked message (teaser + unlock for the recipient, paid
 * status for the sender), an offer and a content request with their actions. Money calls carry
 * one Idempotency-Key per attempt; failures show the server's reason (the chat client also
 * shows its SPEC §8 toast).
 */
import { ErrorCodes } from '@fanspace/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCodeOf, errorMessageOf } from '../../../lib/api/index.ts';
import { PAYMENT_UNKNOWN_ERROR } from '../../../lib/money.ts';
import { requirePayer } from '../../auth/require-payer.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CheckCircleIcon, LockIcon, WalletIcon } from '../../../ui/icons.tsx';
import { VaultPickerDialog } from '../../media-vault/components/vault-picker-dialog.tsx';
import { useWalletBalanceQuery } from '../../posts/queries.ts';
import { refreshWallet } from '../../wallet/queries.ts';
import * as api from '../chats-api.ts';
import { formatMoney } from '../format.ts';
import { useMessageStore } from '../message-store.ts';
import type { ChatMessage, LockedMediaItem } from '../types.ts';
import { plural } from '../../../lib/plural.ts';

/** After a paid action: take the message from the answer, else fetch what changed. */
async function refreshAfter(result: unknown): Promise<void> {
  const store = useMessageStore.getState();
  const message = (result as { message?: unknown } | null)?.message;
  if (message) store.receive(message);
  await store.syncUpdates().catch(() => undefined);
}

function paymentError(error: unknown): string {
  return errorMessageOf(error, PAYMENT_UNKNOWN_ERROR);
}

function noFunds(error: unknown): boolean {
  return errorCodeOf(error) === ErrorCodes.INSUFFICIENT_FUNDS;
}

export function UnlockMessageDialog({
  message,
  open,
  onClose,
}: {
  message: ChatMessage;
  open: boolean;
  onClose: () => void;
}) {
  const price = message.lockedContent?.price ?? 0;
  const client = useQueryClient();
  const balance = useWalletBalanceQuery(open);
  const [key, setKey] = useState(api.newIdempotencyKey);
  const unlock = useMutation({
    mutationFn: () => {
      requirePayer();
      return api.unlockMessage(message.id, key);
    },
    onSuccess: async (result) => {
      await refreshAfter(result);
      void refreshWallet(client);
      close();
    },
  });
  const short = balance.data !== undefined && balance.data.balance < price;

  function close(): void {
    unlock.reset();
    setKey(api.newIdempotencyKey());
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Unlock this message"
      description="A one-time purchase. What it contains stays unlocked for you."
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          {short || noFunds(unlock.error) ? (
            <ButtonLink to="/wallet" variant="secondary" icon={<WalletIcon size={16} />}>
              Add funds
            </ButtonLink>
          ) : null}
          <Button
            icon={<LockIcon size={16} />}
            loading={unlock.isPending}
            onClick={() => unlock.mutate()}
          >
            Pay {formatMoney(price)}
          </Button>
        </>
      }
    >
      <dl className="flex flex-col gap-2 text-sm" aria-label="Price breakdown">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Price</dt>
          <dd className="font-medium text-fg">{formatMoney(price)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Paid from</dt>
          <dd className="font-medium text-fg">
            Your wallet{balance.data ? ` (balance ${formatMoney(balance.data.balance)})` : ''}
          </dd>
        </div>
      </dl>
      {short && !unlock.isError ? (
        <p className="mt-4 text-sm text-warning" role="status">
          Insufficient funds: your wallet balance is lower than the price. Add funds first.
        </p>
      ) : null}
      {unlock.isError ? (
        <div className="mt-4">
          <FormError message={paymentError(unlock.error)} />
        </div>
      ) : null}
    </Dialog>
  );
}

function LockedItems({ items }: { items: LockedMediaItem[] }) {
  const visible = items.filter((i) => i.mediaUrl);
  if (visible.length === 0) return null;
  return (
    <div className={visible.length > 1 ? 'grid grid-cols-2 gap-0.5' : ''}>
      {visible.map((item) =>
        item.mediaType === 'video' ? (
          <video
            key={item.id}
            src={item.mediaUrl!}
            controls
            playsInline
            className="max-h-72 w-full bg-black"
            aria-label={item.title}
          />
        ) : item.mediaType === 'audio' ? (
          <audio
            key={item.id}
            src={item.mediaUrl!}
            controls
            className="w-full"
            aria-label={item.title}
          />
        ) : (
          <img
            key={item.id}
            src={item.mediaUrl!}
            alt={item.title}
            className="max-h-72 w-full object-cover"
          />
        ),
      )}
    </div>
  );
}

function itemsLabel(count: number, types: string[]): string {
  if (count === 0) return 'Locked content';
  const photos = types.filter((t) => t === 'image').length;
  const videos = types.filter((t) => t === 'video').length;
  const parts = [];
  if (photos) parts.push(plural(photos, 'photo'));
  if (videos) parts.push(plural(videos, 'video'));
  const rest = count - photos - videos;
  if (rest > 0) parts.push(plural(rest, 'file'));
  return parts.join(' · ');
}

export function LockedMessageCard({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const [open, setOpen] = useState(false);
  const locked = message.lockedContent!;
  const teaser =
    locked.teaserImageUrl ?? locked.mediaItems.find((i) => i.teaserUrl)?.teaserUrl ?? null;
  const summary = itemsLabel(locked.itemCount, locked.mediaTypes);

  if (mine || message.isUnlocked) {
    return (
      <figure
        role="group"
        aria-label={mine ? 'Locked message you sent' : 'Unlocked message'}
        className="w-72 max-w-full overflow-hidden rounded-3xl border border-line bg-surface"
      >
        <LockedItems items={locked.mediaItems} />
        <figcaption className="flex items-center justify-between gap-2 px-3.5 py-2.5 text-sm">
          <span className="inline-flex items-center gap-1.5 font-semibold text-fg">
            {mine ? <LockIcon size={15} /> : <CheckCircleIcon size={15} className="text-success" />}
            {mine
              ? `Locked · ${formatMoney(locked.price)}`
              : `Unlocked · ${formatMoney(locked.price)}`}
          </span>
          {mine ? (
            <span
              className={message.isPaid ? 'font-semibold text-success' : 'text-muted'}
              data-testid="locked-paid-status"
            >
              {message.isPaid ? 'Paid' : 'Not paid yet'}
            </span>
          ) : (
            <span className="text-muted">{summary}</span>
          )}
        </figcaption>
        {locked.teaserText ? (
          <p className="px-3.5 pb-3 text-sm text-muted">{locked.teaserText}</p>
        ) : null}
      </figure>
    );
  }

  return (
    <figure
      role="group"
      aria-label="Locked message"
      className="w-72 max-w-full overflow-hidden rounded-3xl border border-line bg-surface"
    >
      <div className="relative flex min-h-44 items-center justify-center overflow-hidden bg-[linear-gradient(135deg,var(--fs-accent),var(--fs-accent-2))]">
        {locked.teaserVideoUrl ? (
          <video
            src={locked.teaserVideoUrl}
            muted
            autoPlay
            loop
            playsInline
            className="absolute inset-0 h-full w-full object-cover"
            aria-label="Video teaser"
          />
        ) : teaser ? (
          <img
            src={teaser}
            alt="Blurred preview of a locked message"
            className="absolute inset-0 h-full w-full scale-110 object-cover blur-md"
          />
        ) : null}
        <div className="relative flex flex-col items-center gap-1.5 rounded-2xl bg-black/50 px-4 py-3 text-white backdrop-blur-sm">
          <LockIcon size={22} />
          <span className="text-sm font-semibold">{summary}</span>
        </div>
      </div>
      <figcaption className="flex flex-col gap-2 px-3.5 py-3">
        {locked.teaserText ? <p className="text-sm text-fg">{locked.teaserText}</p> : null}
        <Button size="sm" icon={<LockIcon size={15} />} onClick={() => setOpen(true)}>
          Unlock for {formatMoney(locked.price)}
        </Button>
      </figcaption>
      <UnlockMessageDialog message={message} open={open} onClose={() => setOpen(false)} />
    </figure>
  );
}

const STATUS_LABEL: Record<string, string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const priceText = (price: number | null) => (price === null ? 'Free' : formatMoney(price));

function useStatusAction<T>(run: (input: T, key: string) => Promise<unknown>) {
  const client = useQueryClient();
  const [key, setKey] = useState(api.newIdempotencyKey);
  return useMutation({
    mutationFn: (input: T) => run(input, key),
    onSuccess: async (result) => {
      setKey(api.newIdempotencyKey());
      // accepting a priced offer charges the wallet
      void refreshWallet(client);
      await refreshAfter(result);
    },
  });
}

function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="mt-2">
      <FormError message={paymentError(error)} />
      {noFunds(error) ? (
        <ButtonLink
          to="/wallet"
          size="sm"
          variant="secondary"
          className="mt-2"
          icon={<WalletIcon size={15} />}
        >
          Add funds
        </ButtonLink>
      ) : null}
    </div>
  );
}

export function OfferCard({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const offer = message.offerDetails!;
  const action = useStatusAction<string>((status, key) =>
    api.respondToOffer(message.id, status, key),
  );
  const pending = offer.status === 'pending';
  return (
    <section
      aria-label={`Offer: ${offer.title || 'Offer'}`}
      className="w-72 max-w-full rounded-3xl border border-accent/40 bg-surface p-3.5"
    >
      <p className="text-xs font-semibold tracking-wide text-accent uppercase">Offer</p>
      <h3 className="mt-1 font-semibold text-fg">{offer.title || 'Offer'}</h3>
      {offer.description ? (
        <p className="mt-1 text-sm whitespace-pre-wrap text-muted">{offer.description}</p>
      ) : null}
      <p className="mt-2 text-lg font-bold text-fg">{priceText(offer.price)}</p>
      <p className="mt-1 text-xs text-muted" role="status">
        {STATUS_LABEL[offer.status] ?? offer.status}
        {pending && offer.expiresAt
          ? ` · until ${new Date(offer.expiresAt).toLocaleDateString()}`
          : ''}
      </p>
      {pending && !mine ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            loading={action.isPending && action.variables === 'accepted'}
            disabled={action.isPending}
            onClick={() => action.mutate('accepted')}
          >
            {offer.price === null ? 'Accept' : `Accept · ${formatMoney(offer.price)}`}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            onClick={() => action.mutate('declined')}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {pending && mine ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-3"
          disabled={action.isPending}
          onClick={() => action.mutate('expired')}
        >
          Withdraw offer
        </Button>
      ) : null}
      <ActionError error={action.error} />
    </section>
  );
}

export function ContentRequestCard({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const request = message.contentRequestDetails!;
  const [delivering, setDelivering] = useState(false);
  const action = useStatusAction<{ status: string; selectedMediaItems?: string[] }>((body, key) =>
    api.updateContentRequest(message.id, body, key),
  );
  const { status } = request;
  return (
    <section
      aria-label="Content request"
      className="w-72 max-w-full rounded-3xl border border-line bg-surface p-3.5"
    >
      <p className="text-xs font-semibold tracking-wide text-accent uppercase">Content request</p>
      <p className="mt-1 text-sm whitespace-pre-wrap text-fg">{request.description}</p>
      <p className="mt-2 font-bold text-fg">{priceText(request.price)}</p>
      <p className="mt-1 text-xs text-muted" role="status">
        {STATUS_LABEL[status] ?? status}
        {request.note ? ` · ${request.note}` : ''}
      </p>
      {!mine && status === 'pending' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={action.isPending}
            onClick={() => action.mutate({ status: 'accepted' })}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            onClick={() => action.mutate({ status: 'declined' })}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {!mine && status === 'accepted' ? (
        <Button
          size="sm"
          className="mt-3"
          loading={action.isPending}
          onClick={() => setDelivering(true)}
        >
          Deliver from vault
        </Button>
      ) : null}
      {mine && (status === 'pending' || status === 'accepted') ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-3"
          disabled={action.isPending}
          onClick={() => action.mutate({ status: 'cancelled' })}
        >
          Cancel request
        </Button>
      ) : null}
      <ActionError error={action.error} />
      <VaultPickerDialog
        open={delivering}
        onClose={() => setDelivering(false)}
        alreadyChosen={[]}
        max={20}
        onConfirm={(items) => {
          setDelivering(false);
          if (items.length)
            action.mutate({ status: 'delivered', selectedMediaItems: items.map((i) => i.id) });
        }}
      />
    </section>
  );
}
