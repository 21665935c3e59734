/** Admin · Verification submissions: the pending queue and every submission, with documents. */
import {
  REJECTION_REASON,
  type AdminSortField,
  type AdminVerification,
  type SortOrder,
} from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  adminKeys,
  approveVerification,
  fetchDocument,
  fetchVerifications,
  rejectVerification,
  type VerificationQueue,
} from '../api.ts';
import { Pagination } from '../components/data-table.tsx';
import { SectionHeader, SelectField, StatusPill, formatDate } from '../components/fields.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

type SubmissionSort = AdminSortField<'verifications'>;

/** The sort menu of the submission cards ('' = the usual: oldest first in the queue). */
const SORTS: Array<{ value: string; label: string }> = [
  { value: '', label: 'Usual order' },
  { value: 'submittedAt:asc', label: 'Oldest submitted first' },
  { value: 'submittedAt:desc', label: 'Newest submitted first' },
  { value: 'reviewedAt:desc', label: 'Recently reviewed first' },
  { value: 'username:asc', label: 'Username A–Z' },
  { value: 'username:desc', label: 'Username Z–A' },
];

export function VerificationsPage() {
  useDocumentTitle('Admin · Verification submissions');
  const [queue, setQueue] = useState<VerificationQueue>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminVerification | null>(null);
  const sorting = useTableSort<SubmissionSort>(null, () => setPage(1));
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: adminKeys.verificationList(queue, page, sorting.params),
    queryFn: () => fetchVerifications(queue, page, sorting.params),
    placeholderData: keepPreviousData,
  });
  const approve = useMutation({
    mutationFn: (id: string) => approveVerification(id),
    onSuccess: (result) => {
      toast.success(result.message || 'Verification approved.');
      void queryClient.invalidateQueries({ queryKey: adminKeys.verifications() });
      // the account's identity status, role and badge change with the review
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Could not approve the verification.')),
  });

  const rows = list.data?.submissions ?? list.data?.verifications;
  let body;
  if (list.isPending) body = <LoadingState label="Loading submissions…" />;
  else if (list.error && !rows)
    body = (
      <ErrorState
        title="Could not load submissions"
        message={errorMessageOf(list.error, 'Check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!rows || rows.length === 0)
    body = (
      <EmptyState
        title={
          queue === 'pending'
            ? 'No pending verifications'
            : queue === 'all'
              ? 'No submissions yet'
              : `No ${queue} submissions`
        }
        description={queue === 'pending' ? 'Every submission has been reviewed.' : undefined}
      />
    );
  else
    body = (
      <ul className="flex flex-col gap-4">
        {rows.map((v) => (
          <li key={v.id}>
            <Card className="p-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold text-fg">
                    {v.displayName || v.username}{' '}
                    <span className="font-normal text-muted">@{v.username}</span>
                  </h2>
                  <p className="text-sm text-muted">
                    {v.email} · submitted {formatDate(v.submittedAt)}
                  </p>
                  {v.rejectionReason ? (
                    <p className="mt-1 text-sm text-danger">Rejected: {v.rejectionReason}</p>
                  ) : null}
                </div>
                <StatusPill status={v.status} />
              </div>
              <Documents verification={v} />
              {v.status === 'pending' ? (
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    loading={approve.isPending && approve.variables === v.id}
                    onClick={() => approve.mutate(v.id)}
                    aria-label={`Approve @${v.username}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setRejecting(v)}
                    aria-label={`Reject @${v.username}`}
                  >
                    Reject
                  </Button>
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="w-full">
      <SectionHeader
        title="Verification submissions"
        description="Identity documents waiting for approval. Each document view is logged."
      />
      <div className="mb-4 grid gap-3 md:grid-cols-[minmax(0,32rem)_minmax(0,14rem)] md:items-end">
        <SegmentedControl
          label="Show"
          value={queue}
          onChange={(value) => {
            setQueue(value);
            setPage(1);
          }}
          options={[
            { value: 'pending', label: 'Pending queue' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
            { value: 'all', label: 'All' },
          ]}
        />
        <SelectField
          label="Sort"
          value={sorting.sort ? `${sorting.sort.sortBy}:${sorting.sort.order}` : ''}
          onChange={(e) => {
            const [sortBy, order] = e.target.value.split(':');
            sorting.set(
              sortBy ? { sortBy: sortBy as SubmissionSort, order: order as SortOrder } : null,
            );
          }}
          options={SORTS}
        />
      </div>
      {body}
      {list.data ? (
        <Pagination
          label="Submission pages"
          page={list.data.currentPage}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onChange={setPage}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog verification={rejecting} onClose={() => setRejecting(null)} />
      ) : null}
    </div>
  );
}

function Documents({ verification }: { verification: AdminVerification }) {
  const entries = Object.entries(verification.documents);
  if (entries.length === 0) return <p className="mt-3 text-sm text-muted">No documents.</p>;
  return (
    <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(([field, url]) => (
        <DocumentImage key={field} field={field} url={url} username={verification.username} />
      ))}
    </div>
  );
}

/** Shown only when asked: each fetch is an audit-logged view through a short-lived URL. */
function DocumentImage({ field, url, username }: { field: string; url: string; username: string }) {
  const [shown, setShown] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!shown) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    setError(null);
    fetchDocument(url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(errorMessageOf(e, 'Could not load the document.'));
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [shown, url]);

  const label = field.replace(/([A-Z])/g, ' $1').toLowerCase();
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-surface-2">
      <div className="flex aspect-[4/3] items-center justify-center">
        {!shown ? (
          <Button size="sm" variant="outline" onClick={() => setShown(true)}>
            View {label}
          </Button>
        ) : error ? (
          <p role="alert" className="p-3 text-center text-sm text-danger">
            {error}
          </p>
        ) : src ? (
          <img
            src={src}
            alt={`${label} of @${username}`}
            className="h-full w-full object-contain"
          />
        ) : (
          <Spinner size={24} label="Loading document" />
        )}
      </div>
      <figcaption className="px-3 py-2 text-xs text-muted capitalize">{label}</figcaption>
    </figure>
  );
}

function RejectDialog({
  verification,
  onClose,
}: {
  verification: AdminVerification;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (text: string) => rejectVerification(verification.id, text),
    onSuccess: (result) => {
      toast.success(result.message || 'Verification rejected.');
      void queryClient.invalidateQueries({ queryKey: adminKeys.verifications() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      onClose();
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not reject the verification.')),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    // the server's own rule and text: 3–500 characters once trimmed
    if (text.length < REJECTION_REASON.min || text.length > REJECTION_REASON.max) {
      setError(REJECTION_REASON.message);
      return;
    }
    setError(null);
    mutation.mutate(text);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Reject @${verification.username}'s verification?`}
      description="They can submit new documents afterwards."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="reject-verification-form"
            variant="danger"
            loading={mutation.isPending}
          >
            Reject
          </Button>
        </>
      }
    >
      <form
        id="reject-verification-form"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4"
      >
        <TextareaField
          label="Reason"
          required
          maxLength={REJECTION_REASON.max}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint="3–500 characters; the user sees it."
          error={error}
        />
        {mutation.isError ? (
          <FormError
            message={errorMessageOf(mutation.error, 'Could not reject the verification.')}
          />
        ) : null}
      </form>
    </Dialog>
  );
}
