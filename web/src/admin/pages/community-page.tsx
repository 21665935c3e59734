/**
 * Admin · Community: copyright (DMCA) notices to review and action, contact messages, site
 * feedback and the public roadmap.
 */
import { DMCA_STATUSES, type DmcaNotice, type RoadmapItem } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  createRoadmapItem,
  deleteRoadmapItem,
  fetchAdminContact,
  fetchAdminDmca,
  fetchAdminFeedback,
  updateAdminDmca,
  updateRoadmapItem,
} from '../../features/community/api.ts';
import { communityKeys, useRoadmapQuery } from '../../features/community/queries.ts';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { SectionHeader, formatDate } from '../components/fields.tsx';
import { ListCard, PagedList, StatusFilter, usePagedFilter } from '../components/paged-list.tsx';

type Tab = 'dmca' | 'contact' | 'feedback' | 'roadmap';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

/** After a counter-notice the only decisions left are restore or keep down. */
const DECIDED: DmcaNotice['status'][] = ['countered', 'restored', 'upheld'];

function NoticeActions({ notice }: { notice: DmcaNotice }) {
  const refresh = useRefresh();
  const update = useMutation({
    mutationFn: (body: Parameters<typeof updateAdminDmca>[1]) => updateAdminDmca(notice.id, body),
    onSuccess: (result) => {
      toast.success(result.message ?? 'Notice updated');
      refresh();
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to update the notice.')),
  });
  const label = `notice from ${notice.claimantName}`;
  return (
    <div className="flex flex-wrap gap-2">
      {notice.status === 'submitted' ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Start review of ${label}`}
          onClick={() => update.mutate({ status: 'reviewing' })}
        >
          Start review
        </Button>
      ) : null}
      {!notice.contentRemoved && notice.postIds.length > 0 ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Remove content of ${label}`}
          loading={update.isPending}
          onClick={() => update.mutate({ status: 'actioned', removeContent: true })}
        >
          Remove content
        </Button>
      ) : null}
      {notice.contentRemoved ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Restore content of ${label}`}
          onClick={() => update.mutate({ status: 'restored' })}
        >
          Restore content
        </Button>
      ) : null}
      {notice.status === 'countered' ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Keep content down for ${label}`}
          onClick={() => update.mutate({ status: 'upheld' })}
        >
          Keep down (court action)
        </Button>
      ) : null}
      {!DECIDED.includes(notice.status) && notice.status !== 'actioned' ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Mark actioned ${label}`}
          onClick={() => update.mutate({ status: 'actioned' })}
        >
          Mark actioned
        </Button>
      ) : null}
      {!DECIDED.includes(notice.status) && notice.status !== 'rejected' ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Reject ${label}`}
          onClick={() => update.mutate({ status: 'rejected' })}
        >
          Reject
        </Button>
      ) : null}
    </div>
  );
}

function DmcaTab() {
  const { page, setPage, status, setStatus } = usePagedFilter();
  const notices = useQuery({
    queryKey: [...communityKeys.admin(), 'dmca', page, status],
    queryFn: () => fetchAdminDmca(page, status || undefined),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <StatusFilter label="Status" value={status} onChange={setStatus} statuses={DMCA_STATUSES} />
      <PagedList
        query={notices}
        rows={(data) => data.notices}
        label="Copyright notices"
        loadingLabel="Loading notices…"
        errorTitle="Could not load notices"
        emptyTitle="No copyright notices"
        onPage={setPage}
      >
        {(n) => (
          <ListCard key={n.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-fg">
                {n.claimantName} &lt;{n.email}&gt;
              </p>
              <span
                className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold capitalize text-fg"
                data-testid="dmca-status"
              >
                {n.status}
              </span>
            </div>
            <p className="mt-1 text-muted">Work: {n.copyrightedWork}</p>
            <p className="mt-1 break-all text-muted">Links: {n.infringingUrls.join(', ') || '—'}</p>
            <p className="mt-1 text-muted">
              Posts named: {n.postIds.length} ·{' '}
              {n.contentRemoved ? 'content removed' : 'content online'} · {formatDate(n.createdAt)}
            </p>
            <p className="mt-1 text-fg">{n.statement}</p>
            {n.counterNotice ? (
              <p className="mt-2 rounded-xl bg-surface-2 p-2 text-fg">
                Counter-notice: {n.counterNotice.statement} — {n.counterNotice.signature}
              </p>
            ) : null}
            {n.restoreAfter ? (
              <p className="mt-1 text-muted">
                Restores automatically on {formatDate(n.restoreAfter)} unless kept down.
              </p>
            ) : null}
            <div className="mt-3">
              <NoticeActions notice={n} />
            </div>
          </ListCard>
        )}
      </PagedList>
    </>
  );
}

function ContactTab() {
  const { page, setPage } = usePagedFilter();
  const list = useQuery({
    queryKey: [...communityKeys.admin(), 'contact', page],
    queryFn: () => fetchAdminContact(page),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList
      query={list}
      rows={(data) => data.messages}
      label="Contact messages"
      loadingLabel="Loading messages…"
      errorTitle="Could not load messages"
      emptyTitle="No contact messages"
      onPage={setPage}
    >
      {(m) => (
        <ListCard key={m.id}>
          <p className="font-semibold text-fg">{m.subject}</p>
          <p className="text-muted">
            {m.name} &lt;
            <a className="underline" href={`mailto:${m.email}`}>
              {m.email}
            </a>
            &gt; · {formatDate(m.createdAt)}
          </p>
          <p className="mt-2 whitespace-pre-wrap text-fg">{m.message}</p>
        </ListCard>
      )}
    </PagedList>
  );
}

function FeedbackTab() {
  const { page, setPage } = usePagedFilter();
  const list = useQuery({
    queryKey: [...communityKeys.admin(), 'feedback', page],
    queryFn: () => fetchAdminFeedback(page),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList
      query={list}
      rows={(data) => data.feedback}
      label="Feedback"
      loadingLabel="Loading feedback…"
      errorTitle="Could not load feedback"
      // the average and the count say "no ratings yet" well enough
      emptyTitle={null}
      onPage={setPage}
      className="flex flex-col gap-2"
      header={(data) => (
        <p className="mb-3 text-fg">
          Average rating: <strong>{data.averageRating ?? '—'}</strong> · {data.total} entries
        </p>
      )}
    >
      {(f) => (
        <ListCard key={f.id} compact>
          {f.rating === null ? (
            <p className="font-semibold text-muted">No rating</p>
          ) : (
            <p className="font-semibold text-fg">
              {'★'.repeat(f.rating)}
              {'☆'.repeat(5 - f.rating)} <span className="sr-only">{f.rating} of 5</span>
            </p>
          )}
          <p className="text-muted">
            {f.user ? `@${f.user.username}` : 'Visitor'} · {f.page ?? 'no page'} ·{' '}
            {formatDate(f.createdAt)}
          </p>
          {f.message ? <p className="mt-1 text-fg">{f.message}</p> : null}
        </ListCard>
      )}
    </PagedList>
  );
}

const NEXT_STATUS: Record<RoadmapItem['status'], RoadmapItem['status']> = {
  planned: 'in_progress',
  in_progress: 'done',
  done: 'planned',
};

function RoadmapTab() {
  const roadmap = useRoadmapQuery();
  const refresh = useRefresh();
  const [title, setTitle] = useState('');
  const [eta, setEta] = useState('');
  const onError = (error: unknown) =>
    toast.error(errorMessageOf(error, 'Failed to save the roadmap.'));
  const create = useMutation({
    mutationFn: createRoadmapItem,
    onSuccess: () => {
      setTitle('');
      setEta('');
      refresh();
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (item: RoadmapItem) =>
      updateRoadmapItem(item.id, { status: NEXT_STATUS[item.status] }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (item: RoadmapItem) => deleteRoadmapItem(item.id),
    onSuccess: refresh,
    onError,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim().length >= 3)
      create.mutate({ title: title.trim(), ...(eta.trim() ? { eta: eta.trim() } : {}) });
  }
  return (
    <section aria-label="Roadmap">
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          label="New item"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          className="min-w-60 flex-1"
        />
        <TextField
          label="ETA (optional)"
          value={eta}
          onChange={(e) => setEta(e.target.value)}
          className="w-40"
        />
        <Button type="submit" loading={create.isPending} disabled={title.trim().length < 3}>
          Add
        </Button>
      </form>
      {roadmap.isPending ? (
        <LoadingState />
      ) : roadmap.isError ? (
        <ErrorState
          title="Could not load the roadmap"
          message="Try again."
          onRetry={() => void roadmap.refetch()}
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {roadmap.data.items.map((item) => (
            <ListCard
              key={item.id}
              compact
              className="flex flex-wrap items-center justify-between gap-2"
            >
              <span className="font-semibold text-fg">
                {item.title}{' '}
                <span className="font-normal text-muted">
                  · {item.status.replace('_', ' ')}
                  {item.eta ? ` · ${item.eta}` : ''}
                </span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => update.mutate(item)}>
                  Move to {NEXT_STATUS[item.status].replace('_', ' ')}
                </Button>
                <Button
                  size="sm"
                  variant="danger-ghost"
                  aria-label={`Delete ${item.title}`}
                  onClick={() => remove.mutate(item)}
                >
                  Delete
                </Button>
              </span>
            </ListCard>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CommunityPage() {
  useDocumentTitle('Admin · Community');
  const [tab, setTab] = useState<Tab>('dmca');
  return (
    <div>
      <SectionHeader
        title="Community"
        description="Copyright notices, contact messages, feedback and the public roadmap."
      />
      <div className="mb-6 max-w-xl">
        <SegmentedControl
          label="Community section"
          value={tab}
          onChange={setTab}
          options={[
            { value: 'dmca', label: 'Copyright' },
            { value: 'contact', label: 'Contact' },
            { value: 'feedback', label: 'Feedback' },
            { value: 'roadmap', label: 'Roadmap' },
          ]}
        />
      </div>
      {tab === 'dmca' ? (
        <DmcaTab />
      ) : tab === 'contact' ? (
        <ContactTab />
      ) : tab === 'feedback' ? (
        <FeedbackTab />
      ) : (
        <RoadmapTab />
      )}
    </div>
  );
}
