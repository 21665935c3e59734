/** Admin · Users: the paged account table (SPEC §9: 20 a page), its filters and detail drawer. */
import type { AdminSortField, AdminUser, AdminUsersQuery } from '@fanspace/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, exportUsers, fetchUsers } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { Drawer } from '../components/drawer.tsx';
import { UserReferrals } from '../components/user-referrals.tsx';
import { SectionHeader, SelectField, StatusPill, formatDate } from '../components/fields.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useTableSort } from '../components/use-table-sort.ts';
import { EditUserDialog, UserActionDialog, type UserDialogKind } from './user-dialogs.tsx';

type Role = NonNullable<AdminUsersQuery['role']>;
type Status = NonNullable<AdminUsersQuery['status']>;

/** A date field's day as the start (or end) of that day in the admin's time zone. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function roleOf(user: AdminUser): string {
  if (user.isAdmin) return 'Admin';
  return user.isCreator || user.accountType === 'creator' ? 'Creator' : 'Fan';
}

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function UsersPage() {
  useDocumentTitle('Admin · Users');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<Status | ''>('');
  const [joinedFrom, setJoinedFrom] = useState('');
  const [joinedTo, setJoinedTo] = useState('');
  const sorting = useTableSort<AdminSortField<'users'>>(
    { sortBy: 'createdAt', order: 'desc' },
    () => setPage(1),
  );
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);

  const query: Partial<AdminUsersQuery> = {
    page,
    limit: 20,
    search: search || undefined,
    role: role || undefined,
    status: status || undefined,
    createdFrom: dayBound(joinedFrom, false),
    createdTo: dayBound(joinedTo, true),
    ...sorting.params,
  };
  const users = useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });

  const filtered = Boolean(search || role || status || joinedFrom || joinedTo);

  async function onExport(format: 'csv' | 'json') {
    setExporting(format);
    try {
      const blob = await exportUsers(format);
      download(blob, `fanspace-users-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not export the users.'));
    } finally {
      setExporting(null);
    }
  }

  const columns: Column<AdminUser>[] = [
    {
      key: 'user',
      header: 'User',
      sortKey: 'username',
      sortFirst: 'asc',
      render: (u) => (
        <div className="min-w-0">
          <p className="truncate font-semibold">{u.displayName || u.username}</p>
          <p className="truncate text-xs text-muted">
            @{u.username} · {u.email}
          </p>
        </div>
      ),
    },
    { key: 'role', header: 'Role', render: roleOf },
    {
      key: 'status',
      header: 'Status',
      render: (u) => (
        <div className="flex flex-wrap gap-1">
          <StatusPill status={u.status} />
          {u.isVerified ? <StatusPill status="verified" /> : null}
          {u.isPromoted ? <StatusPill status="promoted" /> : null}
        </div>
      ),
    },
    {
      key: 'followers',
      header: 'Followers',
      className: 'text-right tabular-nums',
      sortKey: 'followersCount',
      render: (u) => u.followersCount,
    },
    {
      key: 'posts',
      header: 'Posts',
      className: 'text-right tabular-nums',
      sortKey: 'postsCount',
      render: (u) => u.postsCount,
    },
    {
      key: 'joined',
      header: 'Joined',
      className: 'min-w-28',
      sortKey: 'createdAt',
      render: (u) => formatDate(u.createdAt),
    },
    {
      key: 'login',
      header: 'Last sign-in',
      className: 'min-w-28',
      sortKey: 'lastLoginAt',
      render: (u) => formatDate(u.lastLoginAt),
    },
    {
      key: 'manage',
      header: 'Actions',
      className: 'text-right',
      render: (u) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setSelected(u)}
          aria-label={`Manage @${u.username}`}
        >
          Manage
        </Button>
      ),
    },
  ];

  return (
    <div className="w-full">
      <SectionHeader
        title="Users"
        description="Search, warn, suspend, ban, verify and promote accounts."
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              icon={<DownloadIcon size={16} />}
              loading={exporting === 'csv'}
              onClick={() => void onExport('csv')}
            >
              Export CSV
            </Button>
            <Button
              variant="outline"
              size="sm"
              icon={<DownloadIcon size={16} />}
              loading={exporting === 'json'}
              onClick={() => void onExport('json')}
            >
              Export JSON
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4 xl:items-end">
        <SearchForm
          className="sm:col-span-2"
          label="Search users"
          placeholder="Username, name or email"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as Role | '');
            setPage(1);
          }}
          options={[
            { value: '', label: 'All roles' },
            { value: 'fan', label: 'Fans' },
            { value: 'creator', label: 'Creators' },
            { value: 'admin', label: 'Admins' },
          ]}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | '');
            setPage(1);
          }}
          options={[
            { value: '', label: 'Any status' },
            { value: 'active', label: 'Active' },
            { value: 'suspended', label: 'Suspended' },
            { value: 'banned', label: 'Banned' },
            { value: 'deleted', label: 'Deleted' },
          ]}
        />
        <TextField
          label="Joined from"
          type="date"
          value={joinedFrom}
          max={joinedTo || undefined}
          onChange={(e) => {
            setJoinedFrom(e.target.value);
            setPage(1);
          }}
        />
        <TextField
          label="Joined until"
          type="date"
          value={joinedTo}
          min={joinedFrom || undefined}
          onChange={(e) => {
            setJoinedTo(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.users}
        rowKey={(u) => u.id}
        sorting={sorting}
        isLoading={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        emptyTitle={filtered ? 'No users match' : 'No users yet'}
        emptyDescription={filtered ? 'Try another search or clear the filters.' : undefined}
      />
      {users.data ? (
        <Pagination
          label="User pages"
          page={users.data.currentPage}
          totalPages={users.data.totalPages}
          total={users.data.total}
          onChange={setPage}
        />
      ) : null}
      <UserDrawer
        user={selected}
        onClose={() => setSelected(null)}
        onChanged={(user) => setSelected(user)}
      />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 text-sm last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right text-fg">{children}</dd>
    </div>
  );
}

function UserDrawer({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onChanged: (user: AdminUser | null) => void;
}) {
  const [dialog, setDialog] = useState<UserDialogKind | null>(null);
  if (!user) return null;
  const creator = user.isCreator || user.accountType === 'creator';
  const actions: Array<{ kind: UserDialogKind; label: string; danger?: boolean }> = [
    { kind: 'edit', label: 'Edit' },
    { kind: 'warn', label: 'Warn' },
    // a banned account cannot be suspended (the server refuses): only Unban
    ...(user.status === 'banned'
      ? []
      : [
          user.status === 'suspended'
            ? { kind: 'unsuspend' as const, label: 'Lift suspension' }
            : { kind: 'suspend' as const, label: 'Suspend', danger: true },
        ]),
    user.status === 'banned'
      ? { kind: 'unban', label: 'Unban' }
      : { kind: 'ban', label: 'Ban', danger: true },
    ...(!user.isVerified ? [{ kind: 'verify' as const, label: 'Verify identity' }] : []),
    ...(creator
      ? [
          user.isPromoted
            ? { kind: 'cancel-promotion' as const, label: 'End promotion' }
            : { kind: 'promote' as const, label: 'Promote' },
        ]
      : []),
    { kind: 'delete', label: 'Delete account', danger: true },
  ];
  const closeDialog = () => setDialog(null);
  const done = (updated: AdminUser | null) => {
    setDialog(null);
    onChanged(updated);
  };

  return (
    <Drawer open onClose={onClose} title={user.displayName || `@${user.username}`}>
      <p className="mb-4 text-sm text-muted">
        @{user.username} · {user.email}
      </p>
      <dl className="mb-6">
        <Fact label="Role">{roleOf(user)}</Fact>
        <Fact label="Status">
          <StatusPill status={user.status} />
        </Fact>
        {user.statusReason ? <Fact label="Reason">{user.statusReason}</Fact> : null}
        {user.suspendedUntil ? (
          <Fact label="Suspended until">{formatDate(user.suspendedUntil)}</Fact>
        ) : null}
        <Fact label="Identity">
          {user.identityStatus}
          {user.isVerified && user.identityStatus !== 'verified' ? ' · verified' : ''}
        </Fact>
        <Fact label="Email verified">{user.emailVerified ? 'Yes' : 'No'}</Fact>
        <Fact label="Two-factor">{user.twoFactorEnabled ? 'On' : 'Off'}</Fact>
        {user.isPromoted ? (
          <Fact label="Promoted until">{formatDate(user.promotedUntil)}</Fact>
        ) : null}
        <Fact label="Followers">{user.followersCount}</Fact>
        <Fact label="Posts">{user.postsCount}</Fact>
        <Fact label="Warnings">{user.warningsCount}</Fact>
        <Fact label="Joined">{formatDate(user.createdAt)}</Fact>
        <Fact label="Last sign-in">{formatDate(user.lastLoginAt)}</Fact>
      </dl>
      <UserReferrals userId={user.id} />
      <h3 className="mb-3 text-sm font-semibold text-fg">Actions</h3>
      {user.status === 'deleted' ? (
        // the server refuses every action on a deleted account ('User not found')
        <p className="text-sm text-muted">This account was deleted. Nothing more can be done.</p>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          {actions.map((a) => (
            <Button
              key={a.kind}
              variant={a.danger ? 'danger' : 'secondary'}
              size="sm"
              onClick={() => setDialog(a.kind)}
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
      {dialog === 'edit' ? (
        <EditUserDialog user={user} onClose={closeDialog} onDone={done} />
      ) : dialog ? (
        <UserActionDialog user={user} kind={dialog} onClose={closeDialog} onDone={done} />
      ) : null}
    </Drawer>
  );
}
