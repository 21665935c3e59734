import { DmcaLimits } from '@fanspace/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { submitDmca } from '../api.ts';
import { PublicLayout } from '../components/public-layout.tsx';

export interface DmcaDraft {
  claimantName: string;
  email: string;
  copyrightedWork: string;
  urls: string;
  statement: string;
  signature: string;
  goodFaith: boolean;
}
type Errors = Partial<Record<keyof DmcaDraft, string>>;
const FIELDS = [
  'claimantName',
  'email',
  'copyrightedWork',
  'urls',
  'statement',
  'signature',
  'goodFaith',
] as const;

/** One URL per line (post links or any page showing the work). */
export const urlsOf = (text: string) =>
  text
    .split(/\s+/)
    .map((u) => u.trim())
    .filter(Boolean);

export function validateDmca(d: DmcaDraft): Errors {
  const errors: Errors = {};
  if (!d.claimantName.trim()) errors.claimantName = 'Enter your full name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim()))
    errors.email = 'Enter a valid email address.';
  if (!d.copyrightedWork.trim()) errors.copyrightedWork = 'Describe the work you own.';
  const urls = urlsOf(d.urls);
  if (urls.length === 0) errors.urls = 'Add at least one link to the infringing content.';
  else if (urls.length > DmcaLimits.urlsMax)
    errors.urls = `List at most ${DmcaLimits.urlsMax} links.`;
  else if (urls.some((u) => !/^https?:\/\/\S+$/.test(u)))
    errors.urls = 'Each link must start with http:// or https://.';
  if (d.statement.trim().length < DmcaLimits.statementMin)
    errors.statement = `Write at least ${DmcaLimits.statementMin} characters.`;
  if (!d.signature.trim()) errors.signature = 'Type your full name as your signature.';
  if (!d.goodFaith) errors.goodFaith = 'You must confirm this statement.';
  return errors;
}

const EMPTY: DmcaDraft = {
  claimantName: '',
  email: '',
  copyrightedWork: '',
  urls: '',
  statement: '',
  signature: '',
  goodFaith: false,
};

/** /dmca "Report copyright": the public notice form (no account needed). */
export function DmcaPage() {
  useDocumentTitle('Report copyright');
  const [draft, setDraft] = useState<DmcaDraft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: submitDmca,
    onSuccess: (result) => {
      setSent(result.message);
      toast.success(result.message);
    },
  });
  const set = <K extends keyof DmcaDraft>(key: K, value: DmcaDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateDmca(draft);
    setErrors(found);
    const first = FIELDS.find((k) => found[k]);
    if (first) {
      document.getElementById(`dmca-${first}`)?.focus();
      return;
    }
    send.mutate({
      claimantName: draft.claimantName.trim(),
      email: draft.email.trim(),
      copyrightedWork: draft.copyrightedWork.trim(),
      infringingUrls: urlsOf(draft.urls),
      statement: draft.statement.trim(),
      signature: draft.signature.trim(),
      goodFaith: true,
    });
  }
  return (
    <PublicLayout
      title="Report copyright"
      intro="If content on Fanspace uses your work without permission, send us a notice under the DMCA. We review every notice and remove infringing content."
    >
      {sent ? (
        <div role="status" className="rounded-2xl border border-line bg-surface p-6">
          <p className="font-semibold text-fg">{sent}</p>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="flex max-w-2xl flex-col gap-4"
          aria-label="Copyright notice"
        >
          <TextField
            id="dmca-claimantName"
            label="Your full name"
            autoComplete="name"
            value={draft.claimantName}
            maxLength={DmcaLimits.nameMax}
            error={errors.claimantName}
            onChange={(e) => set('claimantName', e.target.value)}
          />
          <TextField
            id="dmca-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={draft.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <TextareaField
            id="dmca-copyrightedWork"
            label="The copyrighted work"
            rows={3}
            hint="What you own, and where the original can be seen."
            maxLength={DmcaLimits.workMax}
            value={draft.copyrightedWork}
            error={errors.copyrightedWork}
            onChange={(e) => set('copyrightedWork', e.target.value)}
          />
          <TextareaField
            id="dmca-urls"
            label="Infringing links"
            rows={3}
            hint="One link per line, e.g. the post's address on Fanspace."
            value={draft.urls}
            error={errors.urls}
            onChange={(e) => set('urls', e.target.value)}
          />
          <TextareaField
            id="dmca-statement"
            label="Statement"
            rows={4}
            hint="State that you have a good faith belief the use is not authorised by you, your agent or the law."
            maxLength={DmcaLimits.statementMax}
            value={draft.statement}
            error={errors.statement}
            onChange={(e) => set('statement', e.target.value)}
          />
          <TextField
            id="dmca-signature"
            label="Electronic signature"
            hint="Type your full name."
            maxLength={DmcaLimits.signatureMax}
            value={draft.signature}
            error={errors.signature}
            onChange={(e) => set('signature', e.target.value)}
          />
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm text-fg">
              <input
                id="dmca-goodFaith"
                type="checkbox"
                className="mt-1"
                checked={draft.goodFaith}
                aria-invalid={Boolean(errors.goodFaith)}
                aria-describedby={errors.goodFaith ? 'dmca-goodFaith-error' : undefined}
                onChange={(e) => set('goodFaith', e.target.checked)}
              />
              <span>
                I swear, under penalty of perjury, that the information in this notice is accurate
                and that I am the owner, or authorised to act for the owner, of the copyright.
              </span>
            </label>
            <FormError id="dmca-goodFaith-error" message={errors.goodFaith} />
          </div>
          <FormError
            message={
              send.isError ? errorMessageOf(send.error, 'Could not send your notice.') : null
            }
          />
          <div>
            <Button type="submit" loading={send.isPending}>
              Send notice
            </Button>
          </div>
        </form>
      )}
    </PublicLayout>
  );
}
