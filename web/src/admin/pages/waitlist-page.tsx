/** Admin · Waitlist: people waiting for beta access, newest first, each invitable by mail. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, fetchWaitlist, inviteFromWaitlist, type WaitlistEntry } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, formatDate } from '../components/fields.tsx';

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
  { key: 'email', header: 'Email', render: (e) => e.email },
  {
    key: 'type',
    header: 'Signed up as',
    render: (e) => <span className="capitalize">{e.userType}</span>,
  },
  { key: 'when', header: 'Joined the waitlist', render: (e) => formatDate(e.createdAt) },
  {
    key: 'invited',
    header: 'Invited',
    render: (e) => (e.invitedAt ? formatDate(e.invitedAt) : '—'),
  },
  { key: 'invite', header: 'Beta invite', render: (e) => <InviteButton entry={e} /> },
];

export function WaitlistPage() {
  useDocumentTitle('Admin · Waitlist');
  const [page, setPage] = useState(1);
  const waitlist = useQuery({
    queryKey: adminKeys.waitlist(page),
    queryFn: () => fetchWaitlist(page),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="w-full">
      <SectionHeader
        title="Waitlist"
        description="People waiting for beta access. An invite mails them a single-use beta code."
      />
      <DataTable
        caption="Waitlist"
        columns={columns}
        rows={waitlist.data?.entries}
        rowKey={(e) => e.id}
        isLoading={waitlist.isPending}
        error={waitlist.error}
        onRetry={() => void waitlist.refetch()}
        emptyTitle="Nobody is on the waitlist"
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
