import type { Promotion } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CopyIcon } from '../../../ui/icons.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { formatPrice } from '../../posts/access.ts';
import { createPromoCode, createPromotion, endPromoCode, endPromotion } from '../api.ts';
import { useCommerceMutation, usePromoCodesQuery, usePromotionsQuery } from '../queries.ts';
import { ListState, ToolSection } from './section.tsx';

const num = (text: string) => (text.trim() ? Number(text) : null);
const expiry = (date: string) => (date ? new Date(`${date}T23:59:59`).toISOString() : null);
const STATUS: Record<Promotion['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  ended: 'Ended',
};

export function PromotionsManager() {
  const list = usePromotionsQuery();
  const create = useCommerceMutation(createPromotion);
  const end = useCommerceMutation(endPromotion);
  const [kind, setKind] = useState<'free_trial' | 'discount'>('free_trial');
  const [amount, setAmount] = useState('7');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      kind,
      ...(kind === 'free_trial'
        ? { trialDays: Number(amount) }
        : { discountPercent: Number(amount) }),
      maxUses: num(maxUses),
      expiresAt: expiry(expires),
    });
  }

  async function copy(url: string) {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toast.success('Link copied');
  }

  const items = list.data?.promotions ?? [];
  return (
    <ToolSection
      id="promotions"
      title="Promotions"
      description="Free trials and first-month discounts on your subscription, shared as a link. Renewals charge your normal price."
    >
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} aria-label="New promotion">
        <div className="sm:col-span-2">
          <SegmentedControl
            label="Type"
            value={kind}
            options={[
              { value: 'free_trial', label: 'Free trial' },
              { value: 'discount', label: 'Discount' },
            ]}
            onChange={(v) => {
              setKind(v);
              setAmount(v === 'free_trial' ? '7' : '20');
            }}
          />
        </div>
        <TextField
          label={kind === 'free_trial' ? 'Trial days (1–90)' : 'Percent off (1–100)'}
          inputMode="numeric"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField
          label="Max uses (optional)"
          inputMode="numeric"
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <TextField
          label="Ends on (optional)"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <div className="flex items-end">
          <Button type="submit" loading={create.isPending}>
            Create promotion
          </Button>
        </div>
        {create.isError ? (
          <div className="sm:col-span-2">
            <FormError message={errorMessageOf(create.error, 'Could not create the promotion')} />
          </div>
        ) : null}
      </form>
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={!items.length}
        emptyText="No promotions yet."
      />
      <ul className="mt-4 flex flex-col gap-2" aria-label="Your promotions">
        {items.map((p) => (
          <li
            key={p.id}
            className="flex flex-col gap-2 rounded-2xl bg-surface-2 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium text-fg">
                {p.title} · {STATUS[p.status]}
              </p>
              <p className="text-sm text-muted">
                First period {formatPrice(p.promoPrice)} (normally {formatPrice(p.price)}) · used{' '}
                {p.usesCount}
                {p.maxUses ? ` of ${p.maxUses}` : ''}
                {p.expiresAt ? ` · ends ${new Date(p.expiresAt).toLocaleDateString()}` : ''}
              </p>
              <p className="truncate text-xs text-subtle" title={p.claimUrl}>
                {p.claimUrl}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                icon={<CopyIcon size={15} />}
                onClick={() => void copy(p.claimUrl)}
              >
                Copy link
              </Button>
              {p.status === 'active' ? (
                <Button size="sm" variant="ghost" onClick={() => end.mutate(p.id)}>
                  End
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </ToolSection>
  );
}

export function PromoCodesManager() {
  const list = usePromoCodesQuery();
  const create = useCommerceMutation(createPromoCode);
  const end = useCommerceMutation(endPromoCode);
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState('10');
  const [appliesTo, setAppliesTo] = useState<'all' | 'subscription' | 'unlock'>('all');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        code,
        percentOff: Number(percent),
        appliesTo,
        maxUses: num(maxUses),
        expiresAt: expiry(expires),
      },
      { onSuccess: () => setCode('') },
    );
  }

  const items = list.data?.codes ?? [];
  return (
    <ToolSection
      id="promo-codes"
      title="Promo codes"
      description="Codes fans enter at checkout for a discount on a subscription or a post. Each fan can use a code once."
    >
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} aria-label="New promo code">
        <TextField
          label="Code"
          required
          minLength={3}
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
        <TextField
          label="Percent off (1–100)"
          inputMode="numeric"
          required
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
        <div className="sm:col-span-2">
          <SegmentedControl
            label="Applies to"
            value={appliesTo}
            options={[
              { value: 'all', label: 'Everything' },
              { value: 'subscription', label: 'Subscriptions' },
              { value: 'unlock', label: 'Posts' },
            ]}
            onChange={setAppliesTo}
          />
        </div>
        <TextField
          label="Max uses (optional)"
          inputMode="numeric"
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <TextField
          label="Ends on (optional)"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <div className="sm:col-span-2">
          {create.isError ? (
            <FormError message={errorMessageOf(create.error, 'Could not create the code')} />
          ) : null}
          <Button type="submit" loading={create.isPending} className="mt-2">
            Create code
          </Button>
        </div>
      </form>
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={!items.length}
        emptyText="No codes yet."
      />
      <ul className="mt-4 flex flex-col gap-2" aria-label="Your promo codes">
        {items.map((c) => (
          <li
            key={c.id}
            className="flex items-center justify-between gap-2 rounded-2xl bg-surface-2 p-3"
          >
            <div>
              <p className="font-mono font-semibold text-fg">{c.code}</p>
              <p className="text-sm text-muted">
                {c.percentOff}% off{' '}
                {c.appliesTo === 'all'
                  ? 'everything'
                  : c.appliesTo === 'unlock'
                    ? 'posts'
                    : 'subscriptions'}{' '}
                · {STATUS[c.status]} · used {c.usesCount}
                {c.maxUses ? ` of ${c.maxUses}` : ''}
              </p>
            </div>
            {c.status === 'active' ? (
              <Button size="sm" variant="ghost" onClick={() => end.mutate(c.id)}>
                End
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </ToolSection>
  );
}
