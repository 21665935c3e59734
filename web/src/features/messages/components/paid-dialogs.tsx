/**
 * Composer dialogs for the paid parts of a message: a locked message (creators: price, vault
 * items, teaser), an offer (creators), a tip and a content request (fans).
 */
import { CHAT_PRICE_CENTS, CHAT_TIP_CENTS, type VaultMediaItem } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { parseMoneyInput } from '../../../lib/money.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CloseIcon, ImageIcon, LockIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { VaultPickerDialog } from '../../media-vault/components/vault-picker-dialog.tsx';
import { VaultThumb } from '../../media-vault/components/vault-thumb.tsx';
import { formatMoney } from '../format.ts';
import type { Draft } from '../message-store.ts';
import { slotFor } from '../chats-api.ts';

/** contracts: locked content and offers 3.00–200.00, tips 1.00–200.00 */
export const MIN_PRICE = CHAT_PRICE_CENTS.min / 100;
export const MAX_PRICE = CHAT_PRICE_CENTS.max / 100;
export const MIN_TIP = CHAT_TIP_CENTS.min / 100;
export const MAX_TIP = CHAT_TIP_CENTS.max / 100;
const MAX_LOCKED_ITEMS = 20;

/** A price typed as text → a number with at most 2 decimals, or an error text. */
export function parsePrice(text: string, min = MIN_PRICE, max = MAX_PRICE): number | string {
  return parseMoneyInput(text, min, max, 'price');
}

type Send = (draft: Partial<Draft>) => Promise<void>;

export function LockedMessageDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: Send;
}) {
  const [price, setPrice] = useState('');
  const [teaser, setTeaser] = useState('');
  const [items, setItems] = useState<VaultMediaItem[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [teaserItem, setTeaserItem] = useState<VaultMediaItem | null>(null);
  const [picking, setPicking] = useState<'items' | 'teaser' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close(): void {
    setPrice('');
    setTeaser('');
    setItems([]);
    setFile(null);
    setTeaserItem(null);
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = parsePrice(price);
    if (typeof parsed === 'string') return setError(parsed);
    if (items.length === 0 && !file)
      return setError('Add a photo or video, or choose items from your vault.');
    const slot = file ? slotFor(file) : null;
    if (file && slot !== 'image' && slot !== 'video')
      return setError('Only photos and videos can be locked.');
    setBusy(true);
    try {
      const ids = items.map((i) => i.id);
      await onSend({
        text: '',
        file: file && slot ? { slot, blob: file, name: file.name } : null,
        lockedContent: {
          price: parsed,
          ...(ids.length ? { mediaItems: ids } : {}),
          ...(teaserItem ? { teaserMediaId: teaserItem.id } : {}),
          ...(teaser.trim() ? { teaserText: teaser.trim() } : {}),
        },
      });
      close();
    } catch {
      setError('The locked message was not sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog
        open={open && picking === null}
        onClose={close}
        title="Send a locked message"
        description="Fans see a blurred teaser and pay once to unlock the media."
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="locked-message-form"
              icon={<LockIcon size={16} />}
              loading={busy}
            >
              Send locked message
            </Button>
          </>
        }
      >
        <form
          id="locked-message-form"
          className="flex flex-col gap-4"
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <TextField
            label="Price (USD)"
            inputMode="decimal"
            placeholder="9.99"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            hint={`Between ${formatMoney(MIN_PRICE)} and ${formatMoney(MAX_PRICE)}.`}
          />
          <div>
            <p className="text-sm font-medium text-fg">Media</p>
            {items.length > 0 ? (
              <ul className="mt-2 grid grid-cols-4 gap-2" aria-label="Chosen media">
                {items.map((item) => (
                  <li key={item.id} className="relative">
                    <VaultThumb item={item} />
                    <button
                      type="button"
                      aria-label={`Remove ${item.title || 'item'}`}
                      onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}
                      className="absolute top-1 right-1 flex h-6 w-6 items-center justify-center rounded-full bg-black/60 text-white"
                    >
                      <CloseIcon size={13} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2"
              icon={<ImageIcon size={16} />}
              onClick={() => setPicking('items')}
            >
              Choose from vault
            </Button>
            <label className="mt-3 flex flex-col gap-1.5 text-sm font-medium text-fg">
              Or add a photo or video from this device
              <input
                type="file"
                accept="image/*,video/*"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-2 file:px-3 file:py-1.5 file:text-fg"
              />
            </label>
          </div>
          <div>
            <p className="text-sm font-medium text-fg">Teaser (optional)</p>
            <p className="text-xs text-muted">
              Shown to fans before they pay. Without one they see a blurred preview.
            </p>
            <div className="mt-2 flex items-center gap-3">
              {teaserItem ? (
                <div className="w-16">
                  <VaultThumb item={teaserItem} />
                </div>
              ) : null}
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => setPicking('teaser')}
              >
                {teaserItem ? 'Change teaser' : 'Choose a teaser'}
              </Button>
              {teaserItem ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setTeaserItem(null)}>
                  Remove
                </Button>
              ) : null}
            </div>
          </div>
          <TextareaField
            label="Teaser text (optional)"
            placeholder="What is inside? Fans see this before they pay."
            value={teaser}
            maxLength={500}
            onChange={(e) => setTeaser(e.target.value)}
            className="[&_textarea]:min-h-20"
          />
          <FormError message={error} />
        </form>
      </Dialog>
      <VaultPickerDialog
        open={open && picking !== null}
        onClose={() => setPicking(null)}
        alreadyChosen={picking === 'items' ? items.map((i) => i.id) : []}
        max={picking === 'teaser' ? 1 : MAX_LOCKED_ITEMS - items.length}
        onConfirm={(picked) => {
          if (picking === 'teaser') setTeaserItem(picked[0] ?? null);
          else setItems((list) => [...list, ...picked]);
          setPicking(null);
          setError(null);
        }}
      />
    </>
  );
}

function SimpleMoneyDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  withText,
  textLabel,
  textRequired,
  withTitle,
  build,
  onSend,
  defaultAmount = '',
  min = MIN_PRICE,
  max = MAX_PRICE,
  optionalPrice,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  submitLabel: string;
  withText?: boolean;
  textLabel?: string;
  /** the text must not be empty (a content request describes what is wanted) */
  textRequired?: boolean;
  withTitle?: boolean;
  build: (amount: number | null, text: string, title: string) => Partial<Draft>;
  onSend: Send;
  defaultAmount?: string;
  min?: number;
  max?: number;
  /** an empty amount means free (offers, content requests) */
  optionalPrice?: boolean;
}) {
  const [amount, setAmount] = useState(defaultAmount);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = `form-${submitLabel.replace(/\W+/g, '-').toLowerCase()}`;

  function close(): void {
    setAmount(defaultAmount);
    setText('');
    setName('');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = optionalPrice && amount.trim() === '' ? null : parsePrice(amount, min, max);
    if (typeof parsed === 'string') return setError(parsed);
    if (withTitle && !name.trim()) return setError('Give the offer a title.');
    if (textRequired && !text.trim()) return setError('Describe what you would like.');
    setBusy(true);
    try {
      await onSend(build(parsed, text.trim(), name.trim()));
      close();
    } catch {
      setError('It was not sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {withTitle ? (
          <TextField
            label="Title"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
        ) : null}
        <TextField
          label={optionalPrice ? 'Price (USD, optional)' : 'Amount (USD)'}
          inputMode="decimal"
          placeholder={optionalPrice ? 'Free' : '5.00'}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={`${optionalPrice ? 'Leave empty for free, or between' : 'Between'} ${formatMoney(min)} and ${formatMoney(max)}.`}
        />
        {withText ? (
          <TextareaField
            label={textLabel ?? 'Message'}
            value={text}
            maxLength={1000}
            onChange={(e) => setText(e.target.value)}
            className="[&_textarea]:min-h-20"
          />
        ) : null}
        <FormError message={error} />
      </form>
    </Dialog>
  );
}

export function TipDialog({
  open,
  onClose,
  onSend,
  name,
}: {
  open: boolean;
  onClose: () => void;
  onSend: Send;
  name: string;
}) {
  return (
    <SimpleMoneyDialog
      open={open}
      onClose={onClose}
      title={`Tip ${name}`}
      description="Paid from your wallet and sent with a message."
      submitLabel="Send tip"
      withText
      textLabel="Message (optional)"
      defaultAmount="5"
      min={MIN_TIP}
      max={MAX_TIP}
      build={(amount, text) => ({ text, tipAmount: amount })}
      onSend={onSend}
    />
  );
}

export function OfferDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: Send;
}) {
  return (
    <SimpleMoneyDialog
      open={open}
      onClose={onClose}
      title="Make an offer"
      description="A custom deal the fan can accept or decline."
      submitLabel="Send offer"
      withTitle
      withText
      textLabel="Details"
      optionalPrice
      build={(price, description, title) => ({
        text: '',
        offerDetails: { title, description, price },
      })}
      onSend={onSend}
    />
  );
}

export function ContentRequestDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: Send;
}) {
  return (
    <SimpleMoneyDialog
      open={open}
      onClose={onClose}
      title="Request custom content"
      description="Describe what you would like and what you would pay. The creator accepts or declines."
      submitLabel="Send request"
      withText
      textRequired
      textLabel="What would you like?"
      optionalPrice
      build={(price, description) => ({ text: '', contentRequestDetails: { description, price } })}
      onSend={onSend}
    />
  );
}
