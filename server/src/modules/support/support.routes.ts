import {
  AdminSupportTicketsQuery,
  CreateSupportTicketBody,
  ErrorCodes,
  routeErrors,
  SupportCloseBody,
  SupportMessageBody,
  SupportThreadResponse,
  SupportTicketDetailResponse,
  SupportTicketParams,
  SupportTicketResponse,
  SupportTicketsPage,
  SupportTicketsQuery,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { authOf } from '../users/users.routes.ts';
import { SupportRateLimits } from './support.limits.ts';
import {
  addUserMessage,
  closeMyTicket,
  closeTicketAsStaff,
  createTicket,
  getMyTicket,
  getTicketForStaff,
  listMyTickets,
  listQueue,
  replyToTicket,
} from './support.service.ts';

const errors = {
  400: routeErrors(ErrorCodes.VALIDATION_FAILED),
  404: routeErrors(ErrorCodes.NOT_FOUND),
  409: routeErrors(ErrorCodes.CONFLICT),
};

/** The support desk: /support-tickets for users, /admin/support-tickets for staff. */
export async function supportRoutes(app: App) {
  const { ctx } = app;
  const tags = ['support'];
  const user = { auth: 'user' as const };
  const admin = { auth: 'admin' as const };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.post(
    '/support-tickets',
    {
      config: { ...user, rateLimit: SupportRateLimits.create },
      schema: {
        tags,
        summary: 'Open a support ticket with its first message',
        body: CreateSupportTicketBody,
        response: { 201: SupportTicketResponse, 400: errors[400] },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTicket(ctx, me(request), request.body)),
  );

  app.get(
    '/support-tickets',
    {
      config: user,
      schema: {
        tags,
        summary: 'My support tickets, newest first',
        querystring: SupportTicketsQuery,
        response: { 200: SupportTicketsPage },
      },
    },
    async (request) => listMyTickets(ctx, me(request), request.query),
  );

  app.get(
    '/support-tickets/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'One of my tickets with its messages',
        params: SupportTicketParams,
        response: { 200: SupportTicketDetailResponse, 404: errors[404] },
      },
    },
    async (request) => getMyTicket(ctx, me(request), request.params.id),
  );

  app.post(
    '/support-tickets/:id/messages',
    {
      config: { ...user, rateLimit: SupportRateLimits.message },
      schema: {
        tags,
        summary: 'Add a follow-up (reopens an answered ticket; a closed one refuses it)',
        params: SupportTicketParams,
        body: SupportMessageBody,
        response: { 201: SupportThreadResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addUserMessage(ctx, me(request), request.params.id, request.body.message)),
  );

  app.post(
    '/support-tickets/:id/close',
    {
      config: user,
      schema: {
        tags,
        summary: 'Close my ticket',
        params: SupportTicketParams,
        response: { 200: SupportThreadResponse, 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => closeMyTicket(ctx, me(request), request.params.id),
  );

  // ---- staff ----
  app.get(
    '/admin/support-tickets',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Support queue (page, limit 20, status, search by subject or username)',
        querystring: AdminSupportTicketsQuery,
        response: { 200: SupportTicketsPage },
      },
    },
    async (request) => listQueue(ctx, request.query),
  );

  app.get(
    '/admin/support-tickets/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'A ticket with its messages',
        params: SupportTicketParams,
        response: { 200: SupportThreadResponse, 404: errors[404] },
      },
    },
    async (request) => getTicketForStaff(ctx, request.params.id),
  );

  app.post(
    '/admin/support-tickets/:id/reply',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Answer a ticket (status answered; the user is notified)',
        params: SupportTicketParams,
        body: SupportMessageBody,
        response: { 200: SupportThreadResponse, ...errors },
      },
    },
    async (request) => replyToTicket(ctx, me(request), request.params.id, request.body.message),
  );

  app.post(
    '/admin/support-tickets/:id/close',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Close a ticket with an optional reason (the user is notified)',
        params: SupportTicketParams,
        body: SupportCloseBody,
        response: { 200: SupportThreadResponse, ...errors },
      },
    },
    async (request) =>
      closeTicketAsStaff(ctx, me(request), request.params.id, request.body?.reason),
  );
}
