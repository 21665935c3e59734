/** The support desk, user side (spec §7 "Other families": support tickets). */
import type {
  CreateSupportTicketBody,
  SupportThreadResponse,
  SupportTicketResponse,
  SupportTicketsPage,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export const fetchMyTickets = (page: number) =>
  apiClient.get<SupportTicketsPage>('/support-tickets', { query: { page, limit: 20 } });

export const fetchMyTicket = (id: string) =>
  apiClient.get<SupportThreadResponse>(`/support-tickets/${encodeURIComponent(id)}`);

export const createSupportTicket = (body: CreateSupportTicketBody) =>
  apiClient.post<SupportTicketResponse>('/support-tickets', body);

export const sendSupportMessage = (id: string, message: string) =>
  apiClient.post<SupportThreadResponse>(`/support-tickets/${encodeURIComponent(id)}/messages`, {
    message,
  });

export const closeMySupportTicket = (id: string) =>
  apiClient.post<SupportThreadResponse>(`/support-tickets/${encodeURIComponent(id)}/close`);
