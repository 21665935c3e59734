import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table.tsx';
import { SearchForm } from './search-form.tsx';
import { useTableSort, type SortState } from './use-table-sort.ts';

interface Row {
  id: string;
  name: string;
  amount: number;
}

const rows: Row[] = [
  { id: '1', name: 'Ann', amount: 3 },
  { id: '2', name: 'Bob', amount: 9 },
];

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', sortFirst: 'asc', render: (r) => r.name },
  { key: 'amount', header: 'Amount', sortKey: 'amount', render: (r) => r.amount },
  { key: 'act', header: 'Actions', render: () => 'Edit' },
];

/** A table wired like an admin page: sort state in a hook, page back to 1 on a change. */
function Harness({
  initial,
  onSort,
}: {
  initial: SortState<'name' | 'amount'> | null;
  onSort: (params: object) => void;
}) {
  const [page, setPage] = useState(3);
  const sorting = useTableSort<'name' | 'amount'>(initial, () => setPage(1));
  onSort({ ...sorting.params, page });
  return (
    <DataTable
      caption="People"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      isLoading={false}
      error={null}
      emptyTitle="Nobody"
      sorting={sorting}
    />
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable sortable headers', () => {
  it('marks the sorted column with aria-sort and the others as sortable', () => {
    render(<Harness initial={{ sortBy: 'amount', order: 'desc' }} onSort={() => {}} />);
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    // a column without a sortKey has no sort state and no button
    expect(header('Actions').hasAttribute('aria-sort')).toBe(false);
    expect(within(header('Actions')).queryByRole('button')).toBeNull();
    const button = within(header('Amount')).getByRole('button', { name: 'Amount' });
    expect(button.getAttribute('title')).toBe('Sort by amount');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('toggles the direction on the same column, starts another at its first order, back to page 1', () => {
    const onSort = vi.fn();
    render(<Harness initial={{ sortBy: 'amount', order: 'desc' }} onSort={onSort} />);
    expect(onSort).toHaveBeenLastCalledWith({ sortBy: 'amount', order: 'desc', page: 3 });
    fireEvent.click(within(header('Amount')).getByRole('button'));
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(onSort).toHaveBeenLastCalledWith({ sortBy: 'amount', order: 'asc', page: 1 });
    fireEvent.click(within(header('Amount')).getByRole('button'));
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    // a text column starts A to Z
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Amount').getAttribute('aria-sort')).toBe('none');
    expect(onSort).toHaveBeenLastCalledWith({ sortBy: 'name', order: 'asc', page: 1 });
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<Harness initial={null} onSort={onSort} />);
    // no column marked while the list's usual order applies, and no params sent
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(onSort).toHaveBeenLastCalledWith({ page: 3 });
    await user.tab();
    expect(document.activeElement).toBe(within(header('Name')).getByRole('button'));
    await user.keyboard('{Enter}');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await user.tab();
    await user.keyboard(' ');
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(onSort).toHaveBeenLastCalledWith({ sortBy: 'amount', order: 'desc', page: 1 });
  });

  it('keeps plain headers when the table is not sortable', () => {
    render(
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        isLoading={false}
        error={null}
        emptyTitle="Nobody"
      />,
    );
    expect(screen.queryAllByRole('button', { name: /Name|Amount/ })).toEqual([]);
    expect(header('Name').hasAttribute('aria-sort')).toBe(false);
  });
});

describe('SearchForm', () => {
  it('searches on submit with the trimmed text, not on every keystroke', () => {
    const onSearch = vi.fn();
    render(<SearchForm label="Search users" onSearch={onSearch} />);
    expect(screen.getByRole('search')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: '  bob ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('bob');
  });

  it('is a plain labelled form when used as a filter', () => {
    const onSearch = vi.fn();
    render(<SearchForm label="User" search={false} buttonLabel="Filter" onSearch={onSearch} />);
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'ann' } });
    fireEvent.submit(screen.getByLabelText('User'));
    expect(onSearch).toHaveBeenCalledWith('ann');
  });
});
