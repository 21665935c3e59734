/**
 * Creators: one message to a whole segment (all subscribers, followers or one of their user
 * groups), optionally locked at a price. The server sends it with a job; the dialog follows
 * the job's progress (POST / GET /chats/mass-messages).
 */
import {
  MESSAGE_MEDIA_MAX,
  type MassMessage,
  type MassMessageResponse,
  type MassMessageSegment,
  type UserGroupListResponse,
} from '@fanspace/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { chatClient, errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError, FormSuccess } from '../../../ui/form-error.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { newIdempotencyKey } from '../chats-api.ts';
import {
  lockedPriceOf,
  LockedMediaFields,
  LockedMediaVaultPicker,
  useLockedMedia,
} from './locked-media-picker.tsx';
import { pollUnlessFailed } from '../../../lib/query-client.ts';

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
  const media = useLockedMedia();
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
    refetchInterval: pollUnlessFailed(POLL_MS, (data: MassMessageResponse | undefined) => {
      const status = data?.massMessage.status;
      return status !== 'completed' && status !== 'failed';
    }),
  });

  function close(): void {
    setText('');
    media.reset();
    setError(null);
    setJobId(null);
    setKey(newIdempotencyKey());
    create.reset();
    onClose();
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setError(null);
    const ids = media.ids;
    if (!text.trim() && ids.length === 0) return setError('Write a message or add media.');
    if (segment === 'group' && !groupId) return setError('Choose a group.');
    const lock = lockedPriceOf(media.value);
    if (!lock.ok) return setError(lock.error);
    const body: Record<string, unknown> = { segment, text: text.trim() };
    if (segment === 'group') body.userGroupId = groupId;
    // locked media is sold through lockedContent; free media rides along as selectedMediaItems
    if (lock.price !== null) body.lockedContent = { price: lock.price, mediaItems: ids };
    else if (ids.length) body.selectedMediaItems = ids;
    create.mutate(body);
  }

  const job = progress.data?.massMessage ?? null;
  const done = job?.status === 'completed' || job?.status === 'failed';

  return (
    <>
      <Dialog
        open={open && !media.picking}
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
            {progress.isError && !done ? (
              // the polling stopped at the failure: asking again is the user's call
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <FormError message="Could not check on the sending. It goes on without this window." />
                <Button size="sm" variant="secondary" onClick={() => void progress.refetch()}>
                  Check again
                </Button>
              </div>
            ) : null}
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
            <LockedMediaFields state={media} max={MESSAGE_MEDIA_MAX} />
            <FormError
              message={
                error ??
                (create.isError ? errorMessageOf(create.error, 'The message was not sent.') : null)
              }
            />
          </form>
        )}
      </Dialog>
      <LockedMediaVaultPicker state={media} max={MESSAGE_MEDIA_MAX} open={open} />
    </>
  );
}
