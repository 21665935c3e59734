import {
  AdminSuggestionPage,
  AdminSuggestionQuery,
  AdminSuggestionUpdateBody,
  SiteItemIdParams,
  CommunityPageQuery,
  ContactBody,
  ContactMessagesPage,
  ContactResponse,
  CreateSuggestionBody,
  ErrorCodes,
  OkResponse,
  RoadmapItemBody,
  RoadmapItemResponse,
  RoadmapItemUpdateBody,
  RoadmapResponse,
  routeErrors,
  SiteFeedbackBody,
  SiteFeedbackCreatedResponse,
  SiteFeedbackPage,
  SuggestionItemResponse,
  SuggestionListQuery,
  SuggestionListResponse,
  SuggestionLookupParams,
  SuggestionResponse,
  TeamResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { authOf } from '../users/users.routes.ts';
import { CommunityRateLimits as Limits } from './community.limits.ts';
import * as service from './community.service.ts';
import * as suggestionsAdmin from './suggestions-admin.service.ts';

const E = ErrorCodes;
const invalid = routeErrors(E.VALIDATION_FAILED);

/** Suggestions, roadmap, team, contact and feedback (public pages + their admin lists). */
export async function communityRoutes(app: App) {
  const { ctx } = app;
  const tags = ['community'];
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const maybeMe = (request: { auth?: { user: { id: string } } | null }) =>
    request.auth?.user.id ?? null;

  app.get(
    '/suggestions',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Every suggestion with its votes (sort top or new)',
        querystring: SuggestionListQuery,
        response: { 200: SuggestionListResponse },
      },
    },
    async (request) => service.listSuggestions(ctx, maybeMe(request), request.query.sort),
  );

  app.post(
    '/suggestions',
    {
      config: { auth: 'user', rateLimit: Limits.suggestion },
      schema: {
        tags,
        summary: 'Suggest a feature (the author votes for it)',
        body: CreateSuggestionBody,
        response: { 201: SuggestionItemResponse, 400: invalid },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSuggestion(ctx, me(request), request.body)),
  );

  app.get(
    '/suggestions/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One suggestion with its votes (as the list shows it)',
        params: SuggestionLookupParams,
        response: { 200: SuggestionItemResponse, 404: routeErrors(E.SUGGESTION_NOT_FOUND) },
      },
    },
    async (request) => service.getSuggestion(ctx, maybeMe(request), request.params.id),
  );

  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const)
    app[method](
      '/suggestions/:id/vote',
      {
        config: { auth: 'user', rateLimit: Limits.vote },
        schema: {
          tags,
          summary: on ? 'Vote for a suggestion (idempotent)' : 'Take my vote back',
          params: SiteItemIdParams,
          response: { 200: SuggestionResponse, 404: routeErrors(E.SUGGESTION_NOT_FOUND) },
        },
      },
      async (request) => service.voteSuggestion(ctx, me(request), request.params.id, on),
    );

  app.get(
    '/roadmap',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'The public roadmap', response: { 200: RoadmapResponse } },
    },
    async () => service.roadmap(ctx),
  );

  app.post(
    '/admin/roadmap',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a roadmap item',
        body: RoadmapItemBody,
        response: { 201: RoadmapItemResponse, 400: invalid },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRoadmapItem(ctx, me(request), request.body)),
  );

  app.put(
    '/admin/roadmap/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Edit a roadmap item',
        params: SiteItemIdParams,
        body: RoadmapItemUpdateBody,
        response: {
          200: RoadmapItemResponse,
          400: invalid,
          404: routeErrors(E.ROADMAP_ITEM_NOT_FOUND),
        },
      },
    },
    async (request) => service.updateRoadmapItem(ctx, me(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/roadmap/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Remove a roadmap item',
        params: SiteItemIdParams,
        response: { 200: OkResponse, 404: routeErrors(E.ROADMAP_ITEM_NOT_FOUND) },
      },
    },
    async (request) => service.deleteRoadmapItem(ctx, me(request), request.params.id),
  );

  app.get(
    '/team',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The team (active staff accounts)',
        response: { 200: TeamResponse },
      },
    },
    async () => service.team(ctx),
  );

  app.post(
    '/contact',
    {
      config: { auth: 'public', rateLimit: Limits.contact },
      schema: {
        tags,
        summary: 'Send the team a message (stored for the back office)',
        body: ContactBody,
        response: { 201: ContactResponse, 400: invalid },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.sendContact(ctx, maybeMe(request), request.ip, request.body)),
  );

  app.get(
    '/admin/contact',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first',
        querystring: CommunityPageQuery,
        response: { 200: ContactMessagesPage },
      },
    },
    async (request) => service.listContact(ctx, request.query),
  );

  app.post(
    '/feedback',
    {
      config: { auth: 'public', rateLimit: Limits.feedback },
      schema: {
        tags,
        summary:
          'Site feedback: an optional 1–5 rating, an optional message and the page it is about',
        body: SiteFeedbackBody,
        response: { 201: SiteFeedbackCreatedResponse, 400: invalid },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendFeedback(ctx, maybeMe(request), request.body)),
  );

  app.get(
    '/admin/feedback',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Site feedback, newest first, with the average rating',
        querystring: CommunityPageQuery,
        response: { 200: SiteFeedbackPage },
      },
    },
    async (request) => service.listFeedback(ctx, request.query),
  );

  app.get(
    '/admin/suggestions',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Suggestions, newest first (filter by status)',
        querystring: AdminSuggestionQuery,
        response: { 200: AdminSuggestionPage },
      },
    },
    async (request) => suggestionsAdmin.adminListSuggestions(ctx, request.query),
  );

  app.put(
    '/admin/suggestions/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Change a suggestion's status (the author is told) or link it to the roadmap",
        params: SiteItemIdParams,
        body: AdminSuggestionUpdateBody,
        response: {
          200: SuggestionResponse,
          400: invalid,
          404: routeErrors(E.SUGGESTION_NOT_FOUND, E.ROADMAP_ITEM_NOT_FOUND),
        },
      },
    },
    async (request) =>
      suggestionsAdmin.adminUpdateSuggestion(ctx, me(request), request.params.id, request.body),
  );
}
