import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { parseMoneyInput } from '../../../lib/money.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { userIdOf } from '../../auth/user.ts';
import { formatPrice } from '../../posts/access.ts';
import { createWishlistItem, deleteWishlistItem } from '../api.ts';
import { useCommerceMutation, useWishlistQuery } from '../queries.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ListState, ToolSection } from './section.tsx';

export function WishlistManager() {
  const me = useAuthStore((s) => s.user);
  const list = useWishlistQuery(userIdOf(me) ?? '');
  const create = useCommerceMutation(createWishlistItem);
  const remove = useCommerceMutation(deleteWishlistItem);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [goal, setGoal] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [goalError, setGoalError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseMoneyInput(goal, 1, 100_000, 'amount');
    if (typeof amount === 'string') return setGoalError(amount);
    create.mutate(
      {
        title,
        description,
        goalAmount: amount,
        ...(imageUrl.trim() ? { imageUrl: imageUrl.trim() } : {}),
      },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
          setGoal('');
          setImageUrl('');
        },
      },
    );
  }

  const items = list.data?.items ?? [];
  return (
    <ToolSection
      id="wishlist"
      title="Wishlist"
      description="Goals fans fund with tips. Progress shows on your profile; an item is done when the goal is reached."
    >
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} aria-label="Add wishlist item">
        <TextField
          label="Title"
          required
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label="Goal (USD)"
          inputMode="decimal"
          required
          value={goal}
          error={goalError}
          onChange={(e) => {
            setGoal(e.target.value);
            setGoalError(null);
          }}
        />
        <TextareaField
          label="Description"
          className="sm:col-span-2"
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <TextField
          label="Image URL (optional)"
          className="sm:col-span-2"
          type="url"
          value={imageUrl}
          onChange={(e) => setImageUrl(e.target.value)}
        />
        <div className="sm:col-span-2">
          {create.isError ? (
            <FormError message={errorMessageOf(create.error, 'Could not add the item')} />
          ) : null}
          <Button type="submit" loading={create.isPending} className="mt-2">
            Add item
          </Button>
        </div>
      </form>
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={!items.length}
        emptyText="No items yet."
      />
      <ul className="mt-4 flex flex-col gap-3" aria-label="Your wishlist items">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 rounded-2xl bg-surface-2 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium wrap-anywhere text-fg">
                {item.title} {item.completed ? '· Funded' : ''}
              </span>
              <Button
                size="sm"
                variant="danger-ghost"
                icon={<TrashIcon size={15} />}
                aria-label={`Delete ${item.title}`}
                onClick={() => remove.mutate(item.id)}
              >
                Delete
              </Button>
            </div>
            <ProgressBar value={item.progress} label={`${item.title} funding`} />
            <span className="text-sm text-muted">
              {formatPrice(item.fundedAmount)} of {formatPrice(item.goalAmount)}
            </span>
          </li>
        ))}
      </ul>
    </ToolSection>
  );
}
