import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { DownloadIcon, TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { formatPrice } from '../../posts/access.ts';
import { deleteTaxDocument, statementUrl, uploadTaxDocument } from '../api.ts';
import { useCommerceMutation, useStatementsQuery, useTaxDocumentsQuery } from '../queries.ts';
import { ListState, ToolSection } from './section.tsx';

export function TaxManager() {
  const statements = useStatementsQuery();
  const docs = useTaxDocumentsQuery();
  const upload = useCommerceMutation((args: { file: File; year: string; title: string }) =>
    uploadTaxDocument(args.file, args.year, args.title),
  );
  const remove = useCommerceMutation(deleteTaxDocument);
  const [file, setFile] = useState<File | null>(null);
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [title, setTitle] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('Choose a PDF, JPEG or PNG file');
    upload.mutate({ file, year, title }, { onSuccess: () => setTitle('') });
  }

  const years = statements.data?.years ?? [];
  const documents = docs.data?.documents ?? [];
  return (
    <ToolSection
      id="tax"
      title="Tax documents"
      description="Yearly earnings statements built from your ledger, and your own tax forms. Only you and platform admins can see them."
    >
      <h3 className="mb-2 text-sm font-semibold text-fg">Earnings statements</h3>
      <ListState
        pending={statements.isPending}
        error={statements.isError}
        empty={!years.length}
        emptyText="No earnings yet."
      />
      <ul className="flex flex-col gap-2" aria-label="Earnings statements">
        {years.map((y) => (
          <li
            key={y.year}
            className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-surface-2 p-3"
          >
            <span className="text-sm text-fg">
              <strong>{y.year}</strong>: gross {formatPrice(y.gross)} − fees {formatPrice(y.fees)} −
              refunds {formatPrice(y.refunds)} = net {formatPrice(y.net)}
            </span>
            <span className="flex gap-2">
              <a
                className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
                href={statementUrl(y.year, 'csv')}
                download
              >
                <DownloadIcon size={15} /> CSV
              </a>
              <a
                className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
                href={statementUrl(y.year, 'pdf')}
                download
              >
                <DownloadIcon size={15} /> PDF
              </a>
            </span>
          </li>
        ))}
      </ul>

      <h3 className="mt-6 mb-2 text-sm font-semibold text-fg">Your documents</h3>
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={submit}
        aria-label="Upload a tax document"
      >
        <TextField
          label="Year"
          inputMode="numeric"
          required
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
        <TextField
          label="Title (optional)"
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label="File (PDF, JPEG, PNG)"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          error={fileError}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
        <div className="sm:col-span-3">
          {upload.isError ? (
            <FormError message={errorMessageOf(upload.error, 'Could not upload the document')} />
          ) : null}
          <Button type="submit" loading={upload.isPending} className="mt-2">
            Upload
          </Button>
        </div>
      </form>
      <ListState
        pending={docs.isPending}
        error={docs.isError}
        empty={!documents.length}
        emptyText="No documents uploaded."
      />
      <ul className="mt-4 flex flex-col gap-2" aria-label="Your tax documents">
        {documents.map((d) => (
          <li
            key={d.id}
            className="flex items-center justify-between gap-2 rounded-2xl bg-surface-2 p-3"
          >
            <a
              className="min-w-0 truncate text-sm font-medium text-accent-text hover:underline"
              href={d.downloadUrl}
            >
              {d.year} · {d.title} ({d.filename})
            </a>
            <Button
              size="sm"
              variant="danger-ghost"
              icon={<TrashIcon size={15} />}
              aria-label={`Delete ${d.title}`}
              onClick={() => remove.mutate(d.id)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </ToolSection>
  );
}
