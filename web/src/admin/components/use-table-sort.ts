/**
 * Sort state of one back-office table: which field and which way. Lists are sorted by the
 * server (sortBy/order in the query), so the state goes into the query key; changing it calls
 * `onChange` (pages go back to page 1 there).
 */
import type { SortOrder } from '@fanspace/contracts';
import { useState } from 'react';

export interface SortState<K extends string = string> {
  sortBy: K;
  order: SortOrder;
}

/** What DataTable needs: the state and a way to pick a column (method: any key type fits). */
export interface TableSorting {
  /** null: the list's usual order, no column marked */
  sort: SortState | null;
  toggle(sortBy: string, firstOrder?: SortOrder): void;
}

export interface TableSortHandle<K extends string> extends TableSorting {
  sort: SortState<K> | null;
  toggle(sortBy: K, firstOrder?: SortOrder): void;
  /** the query params for the server (empty while the usual order applies) */
  params: Partial<SortState<K>>;
  /** picks a sort outright (a sort menu rather than headers); null: the usual order */
  set(sort: SortState<K> | null): void;
}

/**
 * The same column again flips the direction; another column starts at its `firstOrder`
 * (desc by default: the newest, largest or busiest on top; text columns pass 'asc'). Start
 * with null to keep a list's own default order (the support queue's) until a column is picked.
 */
export function useTableSort<K extends string>(
  initial: SortState<K> | null,
  onChange?: () => void,
): TableSortHandle<K> {
  const [sort, setSort] = useState<SortState<K> | null>(initial);
  const toggle = (sortBy: K, firstOrder: SortOrder = 'desc') => {
    setSort((current) =>
      current?.sortBy === sortBy
        ? { sortBy, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { sortBy, order: firstOrder },
    );
    onChange?.();
  };
  const set = (next: SortState<K> | null) => {
    setSort(next);
    onChange?.();
  };
  return { sort, toggle, set, params: sort ? { sortBy: sort.sortBy, order: sort.order } : {} };
}
