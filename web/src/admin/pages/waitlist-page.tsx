/**
 * Admin · Waitlist: people waiting for beta access (newest first, or by email or invite date),
 * searchable by email and filterable by invited or not; each is invitable by mail.
 */
import type { AdminSortField } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, fetchWaitlist, inviteFromWaitlist, type WaitlistEntry } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, SelectField, formatDate } from '../components/fields.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

function InviteButton({ entry }: { entry: WaitlistEntry }) {
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: () => inviteFromWaitlist(entry.id),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to send the invite.')),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      loading={invite.isPending}
      aria-label={`${entry.invitedAt ? 'Invite again' : 'Invite'} ${entry.email}`}
      onClick={() => invite.mutate()}
    >
      {entry.invitedAt ? 'Invite again' : 'Invite to beta'}
    </Button>
  );
}

const columns: Column<WaitlistEntry>[] = [
  { key: 'email', header: 'Email', sortKey: 'email', sortFirst: 'asc', render: (e) => e.email },
  {
    key: 'type',
    header: 'Signed up as',
    render: (e) => <span className="capitalize">{e.userType}</span>,
  },
  {
    key: 'when',
    header: 'Joined the waitlist',
    className: 'min-w-28',
    sortKey: 'createdAt',
    render: (e) => formatDate(e.createdAt),
  },
  {
    key: 'invited',
    header: 'Invited',
    className: 'min-w-28',
    sortKey: 'invitedAt',
    render: (e) => (e.invitedAt ? formatDate(e.invitedAt) : '—'),
  },
  { key: 'invite', header: 'Beta invite', render: (e) => <InviteButton entry={e} /> },
];

export function WaitlistPage() {
  useDocumentTitle('Admin · Waitlist');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [invited, setInvited] = useState<'' | 'yes' | 'no'>('');
  const sorting = useTableSort<AdminSortField<'waitlist'>>(
    { sortBy: 'createdAt', order: 'desc' },
    () => setPage(1),
  );
  const query = {
    page,
    search,
    ...(invited ? { invited: invited === 'yes' } : {}),
    ...sorting.params,
  };
  const waitlist = useQuery({
    queryKey: adminKeys.waitlist(query),
    queryFn: () => fetchWaitlist(query),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="w-full">
      <SectionHeader
        title="Waitlist"
        description="People waiting for beta access. An invite mails them a single-use beta code."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,24rem)_minmax(0,12rem)] sm:items-end">
        <SearchForm
          label="Search emails"
          placeholder="name@example.com"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <SelectField
          label="Invited"
          value={invited}
          onChange={(e) => {
            setInvited(e.target.value as '' | 'yes' | 'no');
            setPage(1);
          }}
          options={[
            { value: '', label: 'Everyone' },
            { value: 'no', label: 'Not invited yet' },
            { value: 'yes', label: 'Invited' },
          ]}
        />
      </div>
      <DataTable
        caption="Waitlist"
        columns={columns}
        rows={waitlist.data?.entries}
        rowKey={(e) => e.id}
        sorting={sorting}
        isLoading={waitlist.isPending}
        error={waitlist.error}
        onRetry={() => void waitlist.refetch()}
        emptyTitle={search || invited ? 'Nobody matches' : 'Nobody is on the waitlist'}
      />
      {waitlist.data ? (
        <Pagination
          label="Waitlist pages"
          page={waitlist.data.currentPage}
          totalPages={waitlist.data.totalPages}
          total={waitlist.data.total}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
