/** "New request": subject, category and the first message, checked before sending. */
import {
  SUPPORT_CATEGORIES,
  SupportLimits,
  type CreateSupportTicketBody,
  type SupportCategory,
  type SupportTicket,
} from '@fanspace/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { CATEGORY_LABELS } from '../labels.ts';
import { useCreateTicket } from '../queries.ts';

export interface TicketDraft {
  subject: string;
  category: SupportCategory | '';
  message: string;
}
export type TicketErrors = Partial<Record<keyof TicketDraft, string>>;

/** The server's rules, on trimmed text: subject 3–140, a category, message 1–5000. */
export function validateTicket(draft: TicketDraft): TicketErrors {
  const errors: TicketErrors = {};
  const subject = draft.subject.trim();
  if (subject.length < SupportLimits.subjectMin)
    errors.subject = `Enter a subject of at least ${SupportLimits.subjectMin} characters.`;
  else if (subject.length > SupportLimits.subjectMax)
    errors.subject = `Keep the subject under ${SupportLimits.subjectMax + 1} characters.`;
  if (!draft.category) errors.category = 'Choose what your request is about.';
  const message = draft.message.trim();
  if (!message) errors.message = 'Describe the problem so we can help.';
  else if (message.length > SupportLimits.messageMax)
    errors.message = `Keep the message under ${SupportLimits.messageMax + 1} characters.`;
  return errors;
}

export function NewTicketForm({
  onCreated,
  onCancel,
}: {
  onCreated: (ticket: SupportTicket) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<TicketDraft>({ subject: '', category: '', message: '' });
  const [errors, setErrors] = useState<TicketErrors>({});
  const create = useCreateTicket();
  const categoryId = useId();

  const set = <K extends keyof TicketDraft>(key: K, value: TicketDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateTicket(draft);
    setErrors(found);
    const firstInvalid = (['subject', 'category', 'message'] as const).find((k) => found[k]);
    if (firstInvalid) {
      document.getElementById(`support-${firstInvalid}`)?.focus();
      return;
    }
    const body: CreateSupportTicketBody = {
      subject: draft.subject.trim(),
      category: draft.category as SupportCategory,
      message: draft.message.trim(),
    };
    create.mutate(body, {
      onSuccess: (result) => {
        toast.success(result.message ?? 'Your request was sent.');
        onCreated(result.ticket);
      },
      onError: (error) => toast.error(errorMessageOf(error, 'Could not send your request.')),
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New support request"
      className="flex flex-col gap-4"
    >
      <TextField
        id="support-subject"
        label="Subject"
        value={draft.subject}
        maxLength={SupportLimits.subjectMax}
        onChange={(e) => set('subject', e.target.value)}
        error={errors.subject}
        hint="A short summary, for example “Payout has not arrived”."
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="support-category" className="text-sm font-medium text-fg">
          Category
        </label>
        <select
          id="support-category"
          value={draft.category}
          onChange={(e) => set('category', e.target.value as SupportCategory | '')}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${categoryId}-error` : undefined}
          className={`h-11 w-full rounded-xl border bg-surface-2 px-3 text-[0.95rem] text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/30 ${
            errors.category ? 'border-danger' : 'border-line'
          }`}
        >
          <option value="">Choose a category…</option>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        {errors.category ? (
          <p id={`${categoryId}-error`} className="text-xs font-medium text-danger">
            {errors.category}
          </p>
        ) : null}
      </div>
      <TextareaField
        id="support-message"
        label="Message"
        rows={6}
        value={draft.message}
        maxLength={SupportLimits.messageMax}
        onChange={(e) => set('message', e.target.value)}
        error={errors.message}
        hint="What happened, what you expected, and any links or usernames involved."
      />
      {create.isError ? (
        <FormError message={errorMessageOf(create.error, 'Could not send your request.')} />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={create.isPending}>
          Send request
        </Button>
      </div>
    </form>
  );
}
