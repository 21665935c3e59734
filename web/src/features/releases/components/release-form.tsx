/**
 * The model's part of a release (spec §3 Model release): name, date of birth, ID type and
 * number, the ID photos and a signature. Used by the creator's "signed in person" form (which
 * adds the creator's own signature) and by the co-performer's public consent page. Spec §5: all
 * fields are always sent; only the back ID photo is optional.
 */
import {
  RELEASE_FILE_MAX_BYTES,
  RELEASE_MIN_AGE_YEARS,
  type ReleaseFileField,
} from '@fanspace/contracts';
import { useId, useState, type FormEvent } from 'react';
import { formatBytes } from '../../../lib/read-file.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { ModelPartInput, ReleaseFiles } from '../api.ts';
import { SignaturePad } from './signature-pad.tsx';

const ID_TYPES = [
  { value: 'passport', label: 'Passport' },
  { value: 'national_id', label: 'National ID card' },
  { value: 'drivers_license', label: 'Driving licence' },
  { value: 'residence_permit', label: 'Residence permit' },
];

const FILES: Array<{ name: ReleaseFileField; label: string; required: boolean }> = [
  { name: 'idPhotoFront', label: 'Photo of the front of the ID', required: true },
  { name: 'idPhotoBack', label: 'Photo of the back of the ID (optional)', required: false },
  { name: 'modelHoldingIdPhoto', label: 'Photo of the model holding the ID', required: true },
];

/** True when someone born on `dob` (YYYY-MM-DD) is at least 18 on `today`. */
export function isAdult(dob: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const adultFrom = new Date(year + RELEASE_MIN_AGE_YEARS, month - 1, day);
  return adultFrom.getTime() <= today.getTime();
}

/** The first problem with the form, in reading order, or null. */
export function releaseFormError(
  model: ModelPartInput,
  files: ReleaseFiles,
  creatorSignature: string | null | undefined,
): string | null {
  if (!model.modelName.trim()) return "Enter the model's full legal name.";
  if (!model.modelDob) return "Enter the model's date of birth.";
  if (!isAdult(model.modelDob))
    return `The model must be at least ${RELEASE_MIN_AGE_YEARS} years old.`;
  if (!model.idType) return 'Choose the type of ID.';
  if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{2,39}$/.test(model.idNumber.trim()))
    return 'Enter the ID number (3 to 40 letters or digits).';
  for (const field of FILES) {
    const file = files[field.name];
    if (field.required && !file) return `Add the ${field.label.toLowerCase()}.`;
    if (file && file.size > RELEASE_FILE_MAX_BYTES)
      return `${file.name} is larger than ${formatBytes(RELEASE_FILE_MAX_BYTES)}.`;
  }
  if (!model.signatureDataUrl) return 'The model must sign the release.';
  if (creatorSignature === null) return 'Add your own signature as the creator.';
  return null;
}

export function ReleaseForm({
  initialName = '',
  lockName = false,
  withCreatorSignature,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: {
  initialName?: string;
  lockName?: boolean;
  withCreatorSignature: boolean;
  submitLabel: string;
  pending: boolean;
  serverError?: string | null;
  onSubmit: (model: ModelPartInput, files: ReleaseFiles, creatorSignature: string | null) => void;
}) {
  const id = useId();
  const [model, setModel] = useState<ModelPartInput>({
    modelName: initialName,
    modelDob: '',
    idType: '',
    idNumber: '',
    signatureDataUrl: '',
  });
  const [files, setFiles] = useState<ReleaseFiles>({});
  const [creatorSignature, setCreatorSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<ModelPartInput>) => setModel((m) => ({ ...m, ...patch }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = releaseFormError(
      model,
      files,
      withCreatorSignature ? creatorSignature : undefined,
    );
    setError(problem);
    if (!problem)
      onSubmit({ ...model, modelName: model.modelName.trim() }, files, creatorSignature);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Model release">
      <TextField
        label="Model's full legal name"
        value={model.modelName}
        readOnly={lockName}
        maxLength={120}
        autoComplete="off"
        onChange={(e) => set({ modelName: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date of birth"
          type="date"
          value={model.modelDob}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => set({ modelDob: e.target.value })}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-id-type`} className="text-sm font-medium text-fg">
            ID type
          </label>
          <select
            id={`${id}-id-type`}
            value={model.idType}
            onChange={(e) => set({ idType: e.target.value })}
            className="h-11 rounded-xl border border-line bg-surface px-3 text-sm text-fg"
          >
            <option value="">Choose…</option>
            {ID_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label="ID number"
        value={model.idNumber}
        maxLength={40}
        autoComplete="off"
        hint="Stored encrypted; only the last four characters are shown afterwards."
        onChange={(e) => set({ idNumber: e.target.value })}
      />
      {FILES.map((field) => {
        const inputId = `${id}-${field.name}`;
        const file = files[field.name];
        return (
          <div key={field.name} className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-fg">
              {field.label}
            </label>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic"
              onChange={(e) => setFiles((f) => ({ ...f, [field.name]: e.target.files?.[0] }))}
              className="block w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-line"
            />
            {file ? (
              <p className="text-xs text-muted">
                {file.name} · {formatBytes(file.size)}
              </p>
            ) : null}
          </div>
        );
      })}
      <SignaturePad
        label="Model's signature"
        onChange={(dataUrl) => set({ signatureDataUrl: dataUrl ?? '' })}
      />
      {withCreatorSignature ? (
        <SignaturePad label="Your signature (creator)" onChange={setCreatorSignature} />
      ) : null}
      <FormError message={error ?? serverError} />
      <Button type="submit" className="self-start" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
