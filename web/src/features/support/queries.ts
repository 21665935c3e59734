/** Support ticket queries and mutations (user side). */
import type { CreateSupportTicketBody, SupportThreadResponse } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  closeMySupportTicket,
  createSupportTicket,
  fetchMyTicket,
  fetchMyTickets,
  sendSupportMessage,
} from './api.ts';

export const supportKeys = {
  all: ['support'] as const,
  lists: () => [...supportKeys.all, 'list'] as const,
  list: (page: number) => [...supportKeys.lists(), page] as const,
  ticket: (id: string) => [...supportKeys.all, 'ticket', id] as const,
};

export const useMyTicketsQuery = (page: number) =>
  useQuery({
    queryKey: supportKeys.list(page),
    queryFn: () => fetchMyTickets(page),
    placeholderData: keepPreviousData,
  });

export const useMyTicketQuery = (id: string) =>
  useQuery({ queryKey: supportKeys.ticket(id), queryFn: () => fetchMyTicket(id) });

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportTicketBody) => createSupportTicket(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.lists() }),
  });
}

/** Follow-ups and closing answer the whole thread: put it in the cache as is. */
function useThreadMutation<V>(id: string, run: (value: V) => Promise<SupportThreadResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.ticket(id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });
}

export const useSendMessage = (id: string) =>
  useThreadMutation(id, (message: string) => sendSupportMessage(id, message));

export const useCloseTicket = (id: string) =>
  useThreadMutation(id, (_: void) => closeMySupportTicket(id));
