/**
 * Vault media with an optional lock price, shared by the mass message dialog and the automation
 * rule editor: the chosen items (each removable), "Add media from vault", the lock checkbox and
 * the price field, with one validation for both.
 *
 * The caller owns the state (useLockedMedia) and renders the vault picker separately
 * (LockedMediaVaultPicker): a caller that is itself a Dialog hides it while the picker is open —
 * two modal dialogs would both answer Escape and fight over focus — and hiding it unmounts these
 * fields, so nothing here may keep state of its own.
 */
import type { VaultMediaItem } from '@fanspace/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ImageIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { VaultPickerDialog } from '../../media-vault/components/vault-picker-dialog.tsx';
import { parsePrice } from './paid-dialogs.tsx';

export interface LockedMedia {
  /** Chosen vault items in order; title is null when only the id is known (a saved rule). */
  media: { id: string; title: string | null }[];
  locked: boolean;
  /** The price as typed; only read when locked. */
  price: string;
}

export const emptyLockedMedia = (): LockedMedia => ({ media: [], locked: false, price: '' });

export type LockedPrice = { ok: true; price: number | null } | { ok: false; error: string };

/**
 * The lock price to send (null: the media goes free) or the error to show. Media is checked
 * before the price because a price without anything to sell is the bigger mistake.
 */
export function lockedPriceOf(value: LockedMedia): LockedPrice {
  if (!value.locked) return { ok: true, price: null };
  if (value.media.length === 0) return { ok: false, error: 'Add media to lock.' };
  const parsed = parsePrice(value.price);
  return typeof parsed === 'string' ? { ok: false, error: parsed } : { ok: true, price: parsed };
}

export function useLockedMedia(initial: () => LockedMedia = emptyLockedMedia) {
  const [value, setValue] = useState(initial);
  const [picking, setPicking] = useState(false);
  return {
    value,
    picking,
    setPicking,
    ids: value.media.map((m) => m.id),
    update: (patch: Partial<LockedMedia>) => setValue((current) => ({ ...current, ...patch })),
    add: (items: VaultMediaItem[]) => {
      setValue((current) => ({
        ...current,
        media: [...current.media, ...items.map((i) => ({ id: i.id, title: i.title }))],
      }));
      setPicking(false);
    },
    remove: (id: string) =>
      setValue((current) => ({ ...current, media: current.media.filter((m) => m.id !== id) })),
    reset: () => {
      setValue(emptyLockedMedia());
      setPicking(false);
    },
  };
}

export type LockedMediaState = ReturnType<typeof useLockedMedia>;

export function LockedMediaFields({ state, max }: { state: LockedMediaState; max: number }) {
  const { value } = state;
  return (
    <div className="space-y-3">
      {value.media.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Attached media">
          {value.media.map((item, index) => {
            const title = item.title || `Media item ${index + 1}`;
            return (
              <li
                key={item.id}
                className="flex items-center gap-2 rounded-xl bg-surface-2 py-1 pr-1 pl-3 text-sm"
              >
                <span className="text-fg">{title}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${title}`}
                  onClick={() => state.remove(item.id)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          icon={<ImageIcon size={16} />}
          disabled={value.media.length >= max}
          onClick={() => state.setPicking(true)}
        >
          Add media from vault
        </Button>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={value.locked}
            onChange={(e) => state.update({ locked: e.target.checked })}
            className="accent-(--fs-accent)"
          />
          Lock the media behind a price
        </label>
      </div>
      {value.locked ? (
        <TextField
          label="Price (USD)"
          inputMode="decimal"
          placeholder="9.99"
          value={value.price}
          onChange={(e) => state.update({ price: e.target.value })}
        />
      ) : null}
    </div>
  );
}

/** The vault picker for LockedMediaFields; `open` lets a hidden parent dialog close it too. */
export function LockedMediaVaultPicker({
  state,
  max,
  open = true,
}: {
  state: LockedMediaState;
  max: number;
  open?: boolean;
}) {
  return (
    <VaultPickerDialog
      open={open && state.picking}
      onClose={() => state.setPicking(false)}
      alreadyChosen={state.ids}
      max={max - state.ids.length}
      onConfirm={state.add}
    />
  );
}
