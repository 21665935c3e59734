/**
 * The reply form under a support thread (the user's and staff's): a message box checked for
 * length, a send button, and a button that asks to close the ticket. The text is cleared only
 * once the message was sent.
 */
import { SupportLimits } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';

export function ReplyBox({
  label,
  sendLabel,
  closeLabel,
  rows = 4,
  pending,
  onSend,
  onCloseTicket,
}: {
  label: string;
  sendLabel: string;
  closeLabel: string;
  rows?: number;
  pending: boolean;
  /** resolves when sent (the box then empties); rejects to keep the text */
  onSend: (message: string) => Promise<unknown>;
  onCloseTicket: () => void;
}) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const message = reply.trim();
    if (!message) {
      setError('Write a message first.');
      return;
    }
    if (message.length > SupportLimits.messageMax) {
      setError(`Keep the message under ${SupportLimits.messageMax + 1} characters.`);
      return;
    }
    onSend(message).then(
      () => setReply(''),
      () => undefined,
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextareaField
        label={label}
        rows={rows}
        value={reply}
        maxLength={SupportLimits.messageMax}
        onChange={(e) => {
          setReply(e.target.value);
          setError(null);
        }}
        error={error}
      />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={onCloseTicket}>
          {closeLabel}
        </Button>
        <Button type="submit" loading={pending}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
