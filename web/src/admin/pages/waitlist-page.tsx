/** Admin · Waitlist: people waiting for beta access, newest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { adminKeys, fetchWaitlist, type WaitlistEntry } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, formatDate } from '../components/fields.tsx';

const columns: Column<WaitlistEntry>[] = [
  { key: 'email', header: 'Email', render: (e) => e.email },
  {
    key: 'type',
    header: 'Signed up as',
    render: (e) => <span className="capitalize">{e.userType}</span>,
  },
  { key: 'when', header: 'Joined the waitlist', render: (e) => formatDate(e.createdAt) },
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
      <SectionHeader title="Waitlist" description="People waiting for beta access." />
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
