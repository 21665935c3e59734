/**
 * Creators: one message to a whole segment (all subscribers, followers or one of their user
 * groups), optionally locked at a price. The server sends it with a job; the dialog follows
 * the job's progress (POST / GET /chats/mass-messages).
 */
import type {
  MassMessage,
  MassMessageResponse,
  MassMessageSegment,
  UserGroupListResponse,
  VaultMediaItem,
} from '@fanspace/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { chatClient, errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError, FormSuccess } from '../../../ui/form-error.tsx';
import { ImageIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { VaultPickerDialog } from '../../media-vault/components/vault-picker-dialog.tsx';
import { newIdempotencyKey } from '../chats-api.ts';
import { parsePrice } from './paid-dialogs.tsx';

const SEGMENTS: { value: MassMessageSegment; label: string }[] = [
  { value: 'subscribers', label: 'All subscribers' },
  { value: 'followers', label: 'All followers' },
  { value: 'group', label: 'One of my groups' },
];

const POLL_MS = 2_000;

function progressText(m: MassMessage): string {
  if (m.status === 'failed') return `Sending failed${m.error ? `: ${m.error}` : '.'}`;
  if (m.status === 'completed') {
    const skipped = m.skippedCount ? ` (${m.skippedCount} skipped)` : '';
    return `Sent to ${m.sentCount} of ${m.recipientCount}${skipped}.`;
  }
  return m.recipientCount
    ? `Sending… ${m.sentCount} of ${m.recipientCount}`
    : 'Queued, sending shortly…';
}

export function MassMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [segment, setSegment] = useState<MassMessageSegment>('subscribers');
  const [groupId, setGroupId] = useState('');
  const [text, setText] = useState('');
  const [locked, setLocked] = useState(false);
  const [price, setPrice] = useState('');
  const [items, setItems] = useState<VaultMediaItem[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [jobId, setJobId] = useState<string | null>(null);

  const groups = useQuery({
    queryKey: ['user-groups'],
    queryFn: () => chatClient.get<UserGroupListResponse>('/user-groups'),
    enabled: open && segment === 'group',
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      chatClient.post<MassMessageResponse>('/chats/mass-messages', body, {
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: ({ massMessage }) => setJobId(massMessage.id),
  });
  const progress = useQuery({
    queryKey: ['mass-messages', jobId],
    queryFn: () => chatClient.get<MassMessageResponse>(`/chats/mass-messages/${jobId}`),
    enabled: jobId !== null,
    initialData: create.data,
    refetchInterval: (query) => {
      const status = query.state.data?.massMessage.status;
      return status === 'completed' || status === 'failed' ? false : POLL_MS;
    },
  });

  function close(): void {
    setText('');
    setPrice('');
    setItems([]);
    setLocked(false);
    setError(null);
    setJobId(null);
    setKey(newIdempotencyKey());
    create.reset();
    onClose();
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setError(null);
    if (!text.trim() && items.length === 0) return setError('Write a message or add media.');
    if (segment === 'group' && !groupId) return setError('Choose a group.');
    const body: Record<string, unknown> = { segment, text: text.trim() };
    if (segment === 'group') body.userGroupId = groupId;
    if (items.length) body.selectedMediaItems = items.map((i) => i.id);
    if (locked) {
      const parsed = parsePrice(price);
      if (typeof parsed === 'string') return setError(parsed);
      if (items.length === 0) return setError('Add media to lock.');
      body.lockedContent = { price: parsed, mediaItems: items.map((i) => i.id) };
      delete body.selectedMediaItems;
    }
    create.mutate(body);
  }

  const job = progress.data?.massMessage ?? null;
  const done = job?.status === 'completed' || job?.status === 'failed';

  return (
    <>
      <Dialog
        open={open && !picking}
        onClose={close}
        title="Message many fans"
        description="One private message to each person in the audience you choose. Blocked users are skipped."
        footer={
          job ? (
            <Button onClick={close}>{done ? 'Done' : 'Close'}</Button>
          ) : (
            <>
              <Button variant="ghost" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" form="mass-message-form" loading={create.isPending}>
                Send to all
              </Button>
            </>
          )
        }
      >
        {job ? (
          <div role="status" aria-live="polite" className="text-sm text-fg">
            {job.status === 'failed' ? (
              <FormError message={progressText(job)} />
            ) : done ? (
              <FormSuccess message={progressText(job)} />
            ) : (
              <p>{progressText(job)}</p>
            )}
          </div>
        ) : (
          <form id="mass-message-form" className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-fg">Send to</legend>
              <div className="flex flex-col gap-2">
                {SEGMENTS.map((s) => (
                  <label key={s.value} className="flex items-center gap-2 text-sm text-fg">
                    <input
                      type="radio"
                      name="segment"
                      value={s.value}
                      checked={segment === s.value}
                      onChange={() => setSegment(s.value)}
                      className="accent-(--fs-accent)"
                    />
                    {s.label}
                  </label>
                ))}
              </div>
            </fieldset>
            {segment === 'group' ? (
              <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
                Group
                <select
                  value={groupId}
                  onChange={(e) => setGroupId(e.target.value)}
                  className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-fg"
                >
                  <option value="">
                    {groups.isPending ? 'Loading groups…' : 'Choose a group'}
                  </option>
                  {(groups.data?.groups ?? []).map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name} ({g.memberCount})
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <TextareaField
              label="Message"
              value={text}
              maxLength={5000}
              onChange={(e) => setText(e.target.value)}
              className="[&_textarea]:min-h-24"
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="secondary"
                size="sm"
                icon={<ImageIcon size={16} />}
                onClick={() => setPicking(true)}
              >
                {items.length ? `${items.length} from vault · change` : 'Add media from vault'}
              </Button>
              <label className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  checked={locked}
                  onChange={(e) => setLocked(e.target.checked)}
                  className="accent-(--fs-accent)"
                />
                Lock the media behind a price
              </label>
            </div>
            {locked ? (
              <TextField
                label="Price (USD)"
                inputMode="decimal"
                placeholder="9.99"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            ) : null}
            <FormError
              message={
                error ??
                (create.isError ? errorMessageOf(create.error, 'The message was not sent.') : null)
              }
            />
          </form>
        )}
      </Dialog>
      <VaultPickerDialog
        open={open && picking}
        onClose={() => setPicking(false)}
        alreadyChosen={[]}
        max={20}
        onConfirm={(picked) => {
          setItems(picked);
          setPicking(false);
        }}
      />
    </>
  );
}
