import {
  ErrorCodes,
  routeErrors,
  SearchQuery,
  SearchResponse,
  SuggestionsQuery,
  SuggestionsResponse,
} from '@fanspace/contracts';
import { readContext } from '../../platform/db/read-routing.ts';
import type { App } from '../../platform/http/app.ts';
import { viewerOf } from '../posts/post-views.ts';
import { PostLimits } from '../posts/posts.limits.ts';
import { search, suggestions } from './search.service.ts';

/** Search over users, posts and hashtags; public, personal (blocks, relations) when signed in. */
export async function searchRoutes(app: App) {
  const { ctx } = app;
  const tags = ['search'];

  app.get(
    '/search',
    {
      config: { auth: 'public', rateLimit: PostLimits.search },
      schema: {
        tags,
        summary: 'Users (name), posts (caption and hashtags, or #tag) and hashtags (prefix)',
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: routeErrors(ErrorCodes.VALIDATION_FAILED) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return search(readContext(ctx, viewer?.id ?? null), viewer, request.query);
    },
  );

  app.get(
    '/search/suggestions',
    {
      config: { auth: 'public', rateLimit: PostLimits.search },
      schema: {
        tags,
        summary:
          'Mention and hashtag completion: users by name prefix or similarity, tags by prefix',
        querystring: SuggestionsQuery,
        response: { 200: SuggestionsResponse, 400: routeErrors(ErrorCodes.VALIDATION_FAILED) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return suggestions(readContext(ctx, viewer?.id ?? null), viewer, request.query);
    },
  );
}
