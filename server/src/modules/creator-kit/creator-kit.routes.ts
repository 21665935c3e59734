import {
  CreateCreatorNoteBody,
  CreateTemplateBody,
  CreateWidgetBody,
  CreatorNote,
  CreatorNotesQuery,
  CreatorNotesResponse,
  ErrorCodes,
  KitIdParams,
  KitLookupParams,
  KitOk,
  KitUserIdParams,
  ReorderWidgetsBody,
  Template,
  TemplatesQuery,
  TemplatesResponse,
  UpdateCreatorNoteBody,
  UpdateTemplateBody,
  UpdateWidgetBody,
  Widget,
  WidgetsResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit, viewerIdOf } from '../graph/route-helpers.ts';
import {
  createNote,
  deleteNote,
  getNote,
  listNotes,
  notesAbout,
  updateNote,
} from './notes.service.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './templates.service.ts';
import {
  createWidget,
  deleteWidget,
  myWidget,
  myWidgets,
  profileWidgets,
  reorderWidgets,
  updateWidget,
} from './widgets.service.ts';

const E = ErrorCodes;
const READ = perUserLimit(240, '1 minute');
const WRITE = perUserLimit(60, '1 minute');
const invalid = routeErrors(E.VALIDATION_FAILED, E.CANNOT_TARGET_SELF);
const onlyCreators = routeErrors(E.ONLY_CREATORS);
const tooMany = routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED);

/**
 * Creator-tool lists answer a signed-in fan an empty list (a fan simply has none) instead of
 * 403, so a shared screen loads for everyone; writes stay creator-only.
 */
const isCreator = (request: FastifyRequest) => currentUser(request).account_type === 'creator';

/** Creator notes (creators), templates (creators) and profile widgets (everyone). */
export async function creatorKitRoutes(app: App) {
  const { ctx } = app;

  // ---- creator notes: private, only their author sees them ----
  let tags = ['creator-notes'];
  const noteMissing = routeErrors(E.CREATOR_NOTE_NOT_FOUND);
  app.get(
    '/creator-notes',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'My notes about fans, most recently edited first (a fan: none)',
        querystring: CreatorNotesQuery,
        response: { 200: CreatorNotesResponse, 400: invalid },
      },
    },
    async (request) =>
      isCreator(request)
        ? listNotes(ctx, currentUser(request).id, request.query.limit)
        : { notes: [] },
  );
  app.get(
    '/creator-notes/:id',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'One of my notes',
        params: KitLookupParams,
        response: { 200: CreatorNote, 404: noteMissing },
      },
    },
    async (request) => getNote(ctx, currentUser(request).id, request.params.id),
  );
  app.get(
    '/creator-notes/user/:userId',
    {
      config: { auth: 'creator', rateLimit: READ },
      schema: {
        tags,
        summary: 'My notes about one fan, newest first',
        params: KitUserIdParams,
        response: {
          200: CreatorNotesResponse,
          400: invalid,
          403: onlyCreators,
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => notesAbout(ctx, currentUser(request).id, request.params.userId),
  );
  app.post(
    '/creator-notes',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Write a private note about a fan {userId, note} (note alias: content, text)',
        body: CreateCreatorNoteBody,
        response: {
          201: CreatorNote,
          400: invalid,
          403: onlyCreators,
          404: routeErrors(E.NOT_FOUND),
          429: tooMany,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createNote(ctx, currentUser(request).id, request.body)),
  );
  app.put(
    '/creator-notes/:id',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Edit one of my notes',
        params: KitIdParams,
        body: UpdateCreatorNoteBody,
        response: { 200: CreatorNote, 400: invalid, 403: onlyCreators, 404: noteMissing },
      },
    },
    async (request) =>
      updateNote(ctx, currentUser(request).id, request.params.id, request.body.note),
  );
  app.delete(
    '/creator-notes/:id',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Delete one of my notes',
        params: KitIdParams,
        response: { 200: KitOk, 400: invalid, 403: onlyCreators, 404: noteMissing },
      },
    },
    async (request) => deleteNote(ctx, currentUser(request).id, request.params.id),
  );

  // ---- templates ----
  tags = ['templates'];
  const templateMissing = routeErrors(E.TEMPLATE_NOT_FOUND);
  app.get(
    '/templates',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'My message and post templates (optionally one type), by name (a fan: none)',
        querystring: TemplatesQuery,
        response: { 200: TemplatesResponse, 400: invalid },
      },
    },
    async (request) =>
      isCreator(request)
        ? listTemplates(ctx, currentUser(request).id, request.query.type)
        : { templates: [] },
  );
  app.get(
    '/templates/:id',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'One of my templates',
        params: KitLookupParams,
        response: { 200: Template, 404: templateMissing },
      },
    },
    async (request) => getTemplate(ctx, currentUser(request).id, request.params.id),
  );
  app.post(
    '/templates',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary:
          'Save a template: type message|post (default message), name (default: first line), body (alias content), optional price',
        body: CreateTemplateBody,
        response: { 201: Template, 400: invalid, 403: onlyCreators, 429: tooMany },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(ctx, currentUser(request).id, request.body)),
  );
  app.put(
    '/templates/:id',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Edit one of my templates (price null removes it)',
        params: KitIdParams,
        body: UpdateTemplateBody,
        response: { 200: Template, 400: invalid, 403: onlyCreators, 404: templateMissing },
      },
    },
    async (request) =>
      updateTemplate(ctx, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/templates/:id',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Delete one of my templates',
        params: KitIdParams,
        response: { 200: KitOk, 400: invalid, 403: onlyCreators, 404: templateMissing },
      },
    },
    async (request) => deleteTemplate(ctx, currentUser(request).id, request.params.id),
  );

  // ---- widgets (users.profile.widgets, shared with /vibes/widgets) ----
  tags = ['widgets'];
  const widgetMissing = routeErrors(E.WIDGET_NOT_FOUND);
  app.get(
    '/widgets',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'My profile widgets in display order, enabled or not',
        response: { 200: WidgetsResponse },
      },
    },
    async (request) => myWidgets(ctx, currentUser(request).id),
  );
  app.get(
    '/widgets/:id',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'One of my widgets, enabled or not (a profile’s: GET /widgets/user/{userId})',
        params: KitLookupParams,
        response: { 200: Widget, 404: widgetMissing },
      },
    },
    async (request) => myWidget(ctx, currentUser(request).id, request.params.id),
  );
  app.get(
    '/widgets/user/:userId',
    {
      config: { auth: 'public', rateLimit: READ },
      schema: {
        tags,
        summary: "A profile's enabled widgets (top-posts resolved to the best public posts)",
        params: KitUserIdParams,
        response: { 200: WidgetsResponse, 400: invalid, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => profileWidgets(ctx, viewerIdOf(request), request.params.userId),
  );
  app.post(
    '/widgets',
    {
      config: { auth: 'user', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Add a widget: links, about, schedule, top-posts or countdown',
        body: CreateWidgetBody,
        response: { 201: Widget, 400: invalid, 429: tooMany },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWidget(ctx, currentUser(request).id, request.body)),
  );
  app.put(
    '/widgets/reorder',
    {
      config: { auth: 'user', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Put my widgets in this order (every widget id exactly once)',
        body: ReorderWidgetsBody,
        response: { 200: WidgetsResponse, 400: invalid },
      },
    },
    async (request) => reorderWidgets(ctx, currentUser(request).id, request.body.ids),
  );
  app.put(
    '/widgets/:id',
    {
      config: { auth: 'user', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Edit a widget: title, enabled, config',
        params: KitIdParams,
        body: UpdateWidgetBody,
        response: { 200: Widget, 400: invalid, 404: widgetMissing },
      },
    },
    async (request) => updateWidget(ctx, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/widgets/:id',
    {
      config: { auth: 'user', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Remove a widget',
        params: KitIdParams,
        response: { 200: KitOk, 400: invalid, 404: widgetMissing },
      },
    },
    async (request) => deleteWidget(ctx, currentUser(request).id, request.params.id),
  );
}
