/**
 * The scheduler's dialogs: reschedule one item (the keyboard-friendly way to move it), change
 * many at once (a new time or a shift), edit an item's text and time, and confirm a delete.
 */
import {
  EMPTY_POST_MESSAGE,
  type ScheduledItem,
  type SchedulerBulkBody,
} from '@fanspace/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { TYPE_LABEL, textFieldOf } from '../labels.ts';
import { fromLocalInput, scheduleTimeProblem, toLocalInput } from '../time.ts';
import { plural } from '../../../lib/plural.ts';

export const NEW_TIME_LABEL = 'New date and time';

function Footer({
  onCancel,
  submitLabel,
  loading,
  form,
}: {
  onCancel: () => void;
  submitLabel: string;
  loading: boolean;
  form: string;
}) {
  return (
    <>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} loading={loading}>
        {submitLabel}
      </Button>
    </>
  );
}

export function RescheduleDialog({
  item,
  loading,
  onCancel,
  onSubmit,
}: {
  item: ScheduledItem;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (when: Date) => void;
}) {
  const formId = useId();
  const [value, setValue] = useState(toLocalInput(new Date(item.scheduledFor)));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const when = fromLocalInput(value);
    const problem = scheduleTimeProblem(when);
    setError(problem);
    if (when && !problem) onSubmit(when);
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Reschedule ${TYPE_LABEL[item.type].toLowerCase()}`}
      footer={
        <Footer onCancel={onCancel} submitLabel="Reschedule" loading={loading} form={formId} />
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          type="datetime-local"
          label={NEW_TIME_LABEL}
          value={value}
          min={toLocalInput(new Date())}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          error={error}
          autoFocus
        />
      </form>
    </Dialog>
  );
}

type BulkMode = 'time' | 'shift';
const UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;

export function BulkRescheduleDialog({
  count,
  loading,
  onCancel,
  onSubmit,
}: {
  count: number;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (change: Pick<SchedulerBulkBody, 'scheduledFor' | 'shiftMinutes'>) => void;
}) {
  const formId = useId();
  const unitId = useId();
  const [mode, setMode] = useState<BulkMode>('shift');
  const [value, setValue] = useState(() => toLocalInput(new Date(Date.now() + 86_400_000)));
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<keyof typeof UNITS>('days');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (mode === 'time') {
      const when = fromLocalInput(value);
      const problem = scheduleTimeProblem(when);
      setError(problem);
      if (when && !problem) onSubmit({ scheduledFor: when.toISOString() });
      return;
    }
    const n = Number(amount);
    if (!Number.isInteger(n) || n === 0) {
      setError('Enter a whole number other than 0 (negative moves earlier).');
      return;
    }
    onSubmit({ shiftMinutes: n * UNITS[unit] });
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Reschedule ${plural(count, 'item')}`}
      footer={
        <Footer onCancel={onCancel} submitLabel="Reschedule" loading={loading} form={formId} />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <SegmentedControl
          label="How"
          value={mode}
          onChange={(next) => {
            setMode(next);
            setError(null);
          }}
          options={[
            { value: 'shift', label: 'Move by' },
            { value: 'time', label: 'Set a time' },
          ]}
        />
        {mode === 'time' ? (
          <TextField
            type="datetime-local"
            label={NEW_TIME_LABEL}
            value={value}
            min={toLocalInput(new Date())}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              type="number"
              label="Amount"
              value={amount}
              step={1}
              onChange={(event) => setAmount(event.target.value)}
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor={unitId} className="text-sm font-medium text-fg">
                Unit
              </label>
              <select
                id={unitId}
                value={unit}
                onChange={(event) => setUnit(event.target.value as keyof typeof UNITS)}
                className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-sm text-fg"
              >
                <option value="minutes">Minutes</option>
                <option value="hours">Hours</option>
                <option value="days">Days</option>
              </select>
            </div>
          </div>
        )}
        <FormError message={error} />
      </form>
    </Dialog>
  );
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * Whether a scheduled post's payload carries media (SPEC §5: "media, a media URL or selected
 * media items"), by its own fields or the server's preview count.
 */
function postPayloadHasMedia(item: Pick<ScheduledItem, 'payload' | 'preview'>): boolean {
  const { payload } = item;
  const picked = payload.selectedMediaItems;
  return (
    item.preview.mediaCount > 0 ||
    (Array.isArray(picked) && picked.length > 0) ||
    hasText(payload.imageUrl) ||
    hasText(payload.videoUrl) ||
    hasText(payload.mediaUrl)
  );
}

export function EditItemDialog({
  item,
  loading,
  onCancel,
  onSubmit,
}: {
  item: ScheduledItem;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (change: { payload: Record<string, unknown>; scheduledFor?: string }) => void;
}) {
  const formId = useId();
  const field = textFieldOf(item);
  const initial =
    typeof item.payload[field.key] === 'string' ? (item.payload[field.key] as string) : '';
  const initialTime = toLocalInput(new Date(item.scheduledFor));
  const [text, setText] = useState(initial);
  const [value, setValue] = useState(initialTime);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const timeChanged = value !== initialTime;
    const when = fromLocalInput(value);
    const problem = timeChanged || item.status !== 'pending' ? scheduleTimeProblem(when) : null;
    setError(problem);
    // SPEC §5: a post without media needs a caption (the server refuses it with the same text)
    const empty = item.type === 'post' && !hasText(text) && !postPayloadHasMedia(item);
    setFormError(empty ? EMPTY_POST_MESSAGE : null);
    if (problem || !when || empty) return;
    onSubmit({
      payload: { ...item.payload, [field.key]: text },
      ...(timeChanged ? { scheduledFor: when.toISOString() } : {}),
    });
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Edit scheduled ${TYPE_LABEL[item.type].toLowerCase()}`}
      footer={
        <Footer onCancel={onCancel} submitLabel="Save changes" loading={loading} form={formId} />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextareaField
          label={field.label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus
        />
        <TextField
          type="datetime-local"
          label="Date and time"
          value={value}
          min={toLocalInput(new Date())}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  loading,
  onCancel,
  onConfirm,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onCancel}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Keep
          </Button>
          <Button variant="danger" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
