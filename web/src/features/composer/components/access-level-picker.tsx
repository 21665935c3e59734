/** Who can see the post (spec §3 accessDetails), and the price for the paid levels. */
import { POST_ACCESS_LEVELS, type PostAccessLevel } from '@fanspace/contracts';
import { useId } from 'react';
import { cn } from '../../../ui/cn.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { formatPrice, isPaidLevel, PRICE_MAX, PRICE_MIN } from '../../posts/access.ts';

const OPTIONS: Record<PostAccessLevel, { label: string; description: string }> = {
  public: { label: 'Everyone', description: 'Anyone signed in to Fanspace.' },
  followers: { label: 'Followers', description: 'People who follow you.' },
  subscribers: { label: 'Subscribers', description: 'Your paying subscribers.' },
  paid: { label: 'Pay to unlock', description: 'Anyone who pays a one-time price.' },
  subscribers_or_paid: {
    label: 'Subscribers or pay',
    description: 'Free for subscribers, a one-time price for everyone else.',
  },
};

export const ACCESS_GROUP_LABEL = 'Who can see this post';
export const PRICE_LABEL = 'Price (USD)';

export function AccessLevelPicker({
  value,
  onChange,
  price,
  onPriceChange,
  priceError,
}: {
  value: PostAccessLevel;
  onChange: (value: PostAccessLevel) => void;
  price: string;
  onPriceChange: (value: string) => void;
  priceError?: string;
}) {
  const name = useId();
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">{ACCESS_GROUP_LABEL}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {POST_ACCESS_LEVELS.map((level) => {
            const option = OPTIONS[level];
            const selected = level === value;
            const labelId = `${name}-${level}-label`;
            const descriptionId = `${name}-${level}-description`;
            return (
              <label
                key={level}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-2xl border px-3.5 py-3 transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                  selected ? 'border-accent bg-accent-soft' : 'border-line hover:bg-surface-2',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={level}
                  checked={selected}
                  onChange={() => onChange(level)}
                  aria-labelledby={labelId}
                  aria-describedby={descriptionId}
                  className="mt-1 accent-[var(--fs-accent)]"
                />
                <span className="min-w-0">
                  <span id={labelId} className="block text-sm font-semibold text-fg">
                    {option.label}
                  </span>
                  <span id={descriptionId} className="block text-xs text-muted">
                    {option.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {isPaidLevel(value) ? (
        <TextField
          label={PRICE_LABEL}
          inputMode="decimal"
          placeholder="4.99"
          value={price}
          onChange={(event) => onPriceChange(event.target.value)}
          error={priceError}
          hint={`Between ${formatPrice(PRICE_MIN)} and ${formatPrice(PRICE_MAX)}.`}
          className="max-w-xs"
        />
      ) : null}
    </div>
  );
}
