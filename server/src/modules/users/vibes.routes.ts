import {
  ContentMenu,
  UpdateVibesBody,
  VibeWidgets,
  Vibes,
  routeErrors,
  ErrorCodes,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { authOf } from './users.routes.ts';
import { updateProfileJson } from './users.service.ts';

/**
 * GET/PUT /vibes, /vibes/content-menu, /vibes/widgets: the signed-in user's profile
 * customisation, kept in users.profile (jsonb) next to the fields PUT /users/me also accepts.
 */
export async function vibesRoutes(app: App) {
  const { ctx } = app;
  const tags = ['vibes'];
  const invalid = { 400: routeErrors(ErrorCodes.VALIDATION_FAILED) };

  app.get(
    '/vibes',
    { config: { auth: 'user' }, schema: { tags, response: { 200: Vibes } } },
    async (request) => {
      const profile = authOf(request).user.profile;
      return {
        vibe: profile.vibe ?? null,
        vibeDisplaySettings: profile.vibeDisplaySettings ?? null,
      };
    },
  );

  app.put(
    '/vibes',
    {
      config: { auth: 'user' },
      schema: { tags, body: UpdateVibesBody, response: { 200: Vibes, ...invalid } },
    },
    async (request) => {
      const values: Record<string, unknown> = {};
      if (request.body.vibe !== undefined) values.vibe = request.body.vibe;
      if (request.body.vibeDisplaySettings !== undefined)
        values.vibeDisplaySettings = request.body.vibeDisplaySettings;
      const { profile } = await updateProfileJson(ctx, authOf(request).user.id, values);
      return {
        vibe: profile.vibe ?? null,
        vibeDisplaySettings: profile.vibeDisplaySettings ?? null,
      };
    },
  );

  app.get(
    '/vibes/content-menu',
    { config: { auth: 'user' }, schema: { tags, response: { 200: ContentMenu } } },
    async (request) => ({ contentMenu: authOf(request).user.profile.contentMenu ?? null }),
  );

  app.put(
    '/vibes/content-menu',
    {
      config: { auth: 'user' },
      schema: { tags, body: ContentMenu, response: { 200: ContentMenu, ...invalid } },
    },
    async (request) => {
      const { profile } = await updateProfileJson(ctx, authOf(request).user.id, {
        contentMenu: request.body.contentMenu ?? null,
      });
      return { contentMenu: profile.contentMenu ?? null };
    },
  );

  app.get(
    '/vibes/widgets',
    { config: { auth: 'user' }, schema: { tags, response: { 200: VibeWidgets } } },
    async (request) => {
      const widgets = authOf(request).user.profile.widgets;
      return { widgets: Array.isArray(widgets) ? widgets : [] };
    },
  );

  app.put(
    '/vibes/widgets',
    {
      config: { auth: 'user' },
      schema: { tags, body: VibeWidgets, response: { 200: VibeWidgets, ...invalid } },
    },
    async (request) => {
      const { profile } = await updateProfileJson(ctx, authOf(request).user.id, {
        widgets: request.body.widgets,
      });
      return { widgets: Array.isArray(profile.widgets) ? profile.widgets : [] };
    },
  );
}
