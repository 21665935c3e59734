/**
 * Becoming a creator: upload the front of an ID, optionally its back, and a selfie holding it
 * (multipart POST /users/me/verification), then follow the review status.
 */
import type { VerificationFileField } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { fullDateTime } from '../../../lib/relative-time.ts';
import { formatBytes } from '../../../lib/read-file.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { AlertIcon, BadgeCheckIcon, ClockIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useSubmitVerificationMutation, useVerificationStatusQuery } from '../queries.ts';
import type { VerificationFiles } from '../verification-api.ts';

/** Same as contracts VERIFICATION_FILE_MAX_BYTES. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/**
 * What the server can decode. No HEIC: it cannot read iPhone HEIC photos, and leaving it out
 * makes iOS hand over a JPEG copy instead.
 */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp';

const FIELDS: Array<{
  name: VerificationFileField;
  label: string;
  hint: string;
  required: boolean;
}> = [
  {
    name: 'idFront',
    label: 'Front of your ID',
    hint: 'Passport, ID card or driving licence.',
    required: true,
  },
  {
    name: 'idBack',
    label: 'Back of your ID (optional)',
    hint: 'If your document has one.',
    required: false,
  },
  {
    name: 'selfieWithId',
    label: 'Selfie holding your ID',
    hint: 'Your face and the document both clearly visible.',
    required: true,
  },
];

function DocumentInput({
  field,
  file,
  onChange,
}: {
  field: (typeof FIELDS)[number];
  file: File | undefined;
  onChange: (file: File | undefined) => void;
}) {
  const id = `verification-${field.name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {field.label}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        required={field.required}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.files?.[0])}
        className="block w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-line"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {file ? `${file.name} · ${formatBytes(file.size)}` : field.hint}
      </p>
    </div>
  );
}

function UploadForm({ resubmit }: { resubmit: boolean }) {
  const [files, setFiles] = useState<VerificationFiles>({});
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitVerificationMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const tooBig = Object.values(files).find((f) => f && f.size > MAX_DOCUMENT_BYTES);
    if (tooBig) {
      setError(`${tooBig.name} is larger than ${formatBytes(MAX_DOCUMENT_BYTES)}.`);
      return;
    }
    setError(null);
    submit.mutate(files);
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Identity verification"
    >
      {FIELDS.map((field) => (
        <DocumentInput
          key={field.name}
          field={field}
          file={files[field.name]}
          onChange={(file) => {
            setFiles((f) => ({ ...f, [field.name]: file }));
            // the last refusal was about the old photos
            setError(null);
            submit.reset();
          }}
        />
      ))}
      <p className="text-xs text-muted">
        Your documents are stored privately, seen only by our review team, and used only to confirm
        you are an adult and who you say you are.
      </p>
      <FormError message={error ?? submit.error?.message} />
      <Button
        type="submit"
        className="self-start"
        loading={submit.isPending}
        disabled={!files.idFront || !files.selfieWithId}
      >
        {resubmit ? 'Submit again' : 'Submit for review'}
      </Button>
    </form>
  );
}

export function IdentityVerification() {
  const status = useVerificationStatusQuery();

  if (status.isPending) return <Skeleton className="h-32" />;
  if (status.isError) {
    return (
      <ErrorState
        title="Could not load your verification status"
        onRetry={() => void status.refetch()}
      />
    );
  }
  const { identityStatus, submission } = status.data;

  if (identityStatus === 'verified') {
    return (
      <p className="flex items-center gap-2 text-sm text-fg" role="status">
        <BadgeCheckIcon size={20} className="text-accent-text" />
        Your identity is verified. You can post and get paid.
      </p>
    );
  }
  if (identityStatus === 'pending') {
    return (
      <div className="flex flex-col gap-2" role="status">
        <Badge className="self-start bg-warning/15 text-warning">
          <ClockIcon size={14} /> Verification pending
        </Badge>
        <p className="text-sm text-muted">
          We are reviewing the documents you sent
          {submission ? ` on ${fullDateTime(submission.submittedAt)}` : ''}. This usually takes less
          than a day; this page updates by itself.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {identityStatus === 'rejected' ? (
        <div role="alert" className="flex items-start gap-3 rounded-2xl bg-danger-soft p-4 text-sm">
          <AlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
          <div>
            <p className="font-semibold text-danger">Your last submission was not approved</p>
            <p className="mt-1 text-fg">
              {submission?.rejectionReason ?? 'No reason was given.'} You can send new photos below.
            </p>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">
          Creators verify their identity once before they can post, run subscriptions and receive
          payouts.
        </p>
      )}
      <UploadForm resubmit={identityStatus === 'rejected'} />
    </div>
  );
}
