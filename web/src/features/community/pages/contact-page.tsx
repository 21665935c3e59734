import { SiteToolsLimits, type ContactBody } from '@fanspace/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../auth/store.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { sendContact } from '../api.ts';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { PublicLayout } from '../components/public-layout.tsx';

/** the form always sends every field (the API fills a missing one in) */
type ContactDraft = Required<ContactBody>;
type Errors = Partial<Record<keyof ContactBody, string>>;

export function validateContact(draft: ContactDraft): Errors {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = 'Enter your name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim()))
    errors.email = 'Enter a valid email address.';
  if (draft.subject.trim().length < SiteToolsLimits.subjectMin)
    errors.subject = `Enter a subject of at least ${SiteToolsLimits.subjectMin} characters.`;
  if (!draft.message.trim()) errors.message = 'Write your message.';
  return errors;
}

/** /contact: a public form; messages land in the back office. */
export function ContactPage() {
  useDocumentTitle('Contact');
  const user = useAuthStore((s) => s.user);
  const [draft, setDraft] = useState<ContactDraft>({
    name: user?.displayName ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendContact,
    onSuccess: (result) => {
      setSent(result.message);
      toast.success(result.message);
    },
  });
  const set = (key: keyof ContactBody, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(draft);
    setErrors(found);
    const first = (['name', 'email', 'subject', 'message'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    send.mutate({
      name: draft.name.trim(),
      email: draft.email.trim(),
      subject: draft.subject.trim(),
      message: draft.message.trim(),
    });
  }
  return (
    <PublicLayout
      title="Contact us"
      intro="Press, partnerships or anything else – we read every message and reply by email."
    >
      {sent ? (
        <div role="status" className="rounded-2xl border border-line bg-surface p-6">
          <p className="font-semibold text-fg">{sent}</p>
          <Button
            className="mt-4"
            variant="outline"
            onClick={() => {
              setSent(null);
              setDraft((d) => ({ ...d, subject: '', message: '' }));
            }}
          >
            Send another message
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
          <TextField
            id="contact-name"
            label="Your name"
            autoComplete="name"
            value={draft.name}
            maxLength={SiteToolsLimits.nameMax}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            id="contact-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={draft.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <TextField
            id="contact-subject"
            label="Subject"
            value={draft.subject}
            maxLength={SiteToolsLimits.subjectMax}
            error={errors.subject}
            onChange={(e) => set('subject', e.target.value)}
          />
          <TextareaField
            id="contact-message"
            label="Message"
            rows={6}
            value={draft.message}
            maxLength={SiteToolsLimits.messageMax}
            error={errors.message}
            onChange={(e) => set('message', e.target.value)}
          />
          <FormError
            message={
              send.isError ? errorMessageOf(send.error, 'Could not send your message.') : null
            }
          />
          <div>
            <Button type="submit" loading={send.isPending}>
              Send message
            </Button>
          </div>
        </form>
      )}
      <section aria-labelledby="feedback-title" className="mt-12 border-t border-line pt-8">
        <h2 id="feedback-title" className="mb-4 text-xl font-bold text-fg">
          Quick feedback
        </h2>
        <FeedbackForm />
      </section>
    </PublicLayout>
  );
}
