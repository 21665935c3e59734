/**
 * Tip a creator (POST /tips): preset amounts or a custom one (1.00–200.00, two decimals at
 * most), paid from the wallet. One Idempotency-Key per attempt: retrying the same amount after
 * an error reuses it; another amount is another attempt. A short wallet links to /wallet.
 */
import type { PublicUser } from '@fanspace/contracts';
import { useId, useState, type FormEvent } from 'react';
import {
  formatUsd,
  isInsufficientFunds,
  newIdempotencyKey,
  parseMoneyInput,
  paymentFailureText,
} from '../../lib/money.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { GiftIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { displayNameOf } from '../auth/user.ts';
import { useWalletBalanceQuery } from '../posts/queries.ts';
import { TIP_MAX, TIP_MIN, TIP_PRESETS, useSendTipMutation, type TipType } from './queries.ts';
import { PayFooter } from '../wallet/components/pay-footer.tsx';

type Choice = (typeof TIP_PRESETS)[number] | 'custom';

export interface TipTarget {
  recipient: Pick<PublicUser, 'id' | 'username'> & Partial<PublicUser>;
  tipType: TipType;
  contentId?: string;
}

/** The amount the form stands for: a number, or the inline error text. */
export function tipAmountOf(choice: Choice, custom: string): number | string {
  return choice === 'custom' ? parseMoneyInput(custom, TIP_MIN, TIP_MAX, 'amount') : choice;
}

export function TipDialog({
  open,
  onClose,
  recipient,
  tipType,
  contentId,
}: TipTarget & { open: boolean; onClose: () => void }) {
  const send = useSendTipMutation();
  const balance = useWalletBalanceQuery(open);
  const [choice, setChoice] = useState<Choice>(TIP_PRESETS[0]);
  const [custom, setCustom] = useState('');
  const [showError, setShowError] = useState(false);
  const [attemptKey, setAttemptKey] = useState(() => newIdempotencyKey('tip'));
  const groupName = useId();
  const formId = `${groupName}-tip-form`;

  const amount = tipAmountOf(choice, custom);
  const valid = typeof amount === 'number';
  const short = valid && balance.data !== undefined && balance.data.balance < amount;
  const noFunds = isInsufficientFunds(send.error) || short;
  const name = displayNameOf(recipient);

  /** Another amount is another attempt: a fresh key, and the last failure no longer applies. */
  function newAttempt(): void {
    send.reset();
    setAttemptKey(newIdempotencyKey('tip'));
  }

  function close(): void {
    newAttempt();
    setChoice(TIP_PRESETS[0]);
    setCustom('');
    setShowError(false);
    onClose();
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (typeof amount === 'string') {
      setShowError(true);
      return;
    }
    if (send.isPending) return;
    send.mutate(
      {
        body: {
          recipientUserId: recipient.id,
          amount,
          tipType,
          ...(contentId ? { contentId } : {}),
        },
        idempotencyKey: attemptKey,
      },
      {
        onSuccess: () => {
          toast.success(`Tip of ${formatUsd(amount)} sent to @${recipient.username}`);
          close();
        },
      },
    );
  }

  const chip =
    'flex h-11 min-w-[4.5rem] cursor-pointer items-center justify-center rounded-full border px-4 text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent';

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Tip ${name}`}
      description={`A tip for @${recipient.username}, paid once from your wallet.`}
      footer={
        <PayFooter onCancel={close} noFunds={noFunds}>
          <Button
            type="submit"
            form={formId}
            icon={<GiftIcon size={16} />}
            loading={send.isPending}
          >
            {valid ? `Pay ${formatUsd(amount)}` : 'Pay'}
          </Button>
        </PayFooter>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="text-sm font-medium text-fg">Amount</legend>
          <div role="radiogroup" aria-label="Tip amount" className="mt-2 flex flex-wrap gap-2">
            {[...TIP_PRESETS, 'custom' as const].map((option) => {
              const checked = choice === option;
              return (
                <label
                  key={option}
                  className={cn(
                    chip,
                    checked
                      ? 'border-accent bg-accent text-white'
                      : 'border-line bg-surface-2 text-fg hover:bg-surface-3',
                  )}
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={String(option)}
                    checked={checked}
                    onChange={() => {
                      setChoice(option);
                      setShowError(false);
                      newAttempt();
                    }}
                    className="sr-only"
                  />
                  {option === 'custom' ? 'Custom' : formatUsd(option)}
                </label>
              );
            })}
          </div>
        </fieldset>
        {choice === 'custom' ? (
          <TextField
            label="Custom amount (USD)"
            inputMode="decimal"
            placeholder="5.00"
            value={custom}
            autoFocus
            onChange={(e) => {
              setCustom(e.target.value);
              setShowError(false);
              newAttempt();
            }}
            onBlur={() => setShowError(custom.trim() !== '')}
            hint={`Between ${formatUsd(TIP_MIN)} and ${formatUsd(TIP_MAX)}, at most two decimals.`}
            error={showError && typeof amount === 'string' ? amount : undefined}
          />
        ) : null}
        <dl className="flex flex-col gap-2 text-sm" aria-label="Payment">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Paid from</dt>
            <dd className="font-medium text-fg">
              Your wallet
              {balance.data ? ` (balance ${formatUsd(balance.data.balance)})` : ''}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-line pt-3">
            <dt className="font-semibold text-fg">Total</dt>
            <dd className="font-bold text-fg">{valid ? formatUsd(amount) : '—'}</dd>
          </div>
        </dl>
        {short && !send.isError ? (
          <p className="text-sm text-warning" role="status">
            Your wallet balance is lower than this tip. Add funds first.
          </p>
        ) : null}
        {send.isError ? <FormError message={paymentFailureText(send.error)} /> : null}
      </form>
    </Dialog>
  );
}
