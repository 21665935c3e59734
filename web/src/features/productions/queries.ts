import type { CreateProductionBody, ProductionStatus } from '@fanspace/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import * as api from './api.ts';

export const productionKeys = {
  all: ['productions'] as const,
  list: (status: ProductionStatus | 'all') => [...productionKeys.all, 'list', status] as const,
};

/** A page at a time; the list shows "Show more" while hasMore. */
export const useProductionsQuery = (status: ProductionStatus | 'all') =>
  useInfiniteQuery({
    queryKey: productionKeys.list(status),
    queryFn: ({ pageParam }) => api.fetchProductions(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

/** Create (no id) or update (id) a production. */
export function useSaveProductionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateProductionBody }) =>
      (input.id
        ? api.updateProduction(input.id, input.body)
        : api.createProduction(input.body)
      ).catch((error: unknown) => {
        throw new Error(errorMessageOf(error, 'Failed to save the production'));
      }),
    onSuccess: (production) => {
      toast.success(`${production.title} saved`);
      void queryClient.invalidateQueries({ queryKey: productionKeys.all });
    },
  });
}

export function useDeleteProductionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteProduction(id),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: productionKeys.all });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to delete the production')),
  });
}
