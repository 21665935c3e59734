import {
  ClearCacheResponse,
  DiscoverResponse,
  ErrorCodes,
  OptimizedQuery,
  routeErrors,
  SharePostParams,
  ShareResponse,
  SlimPostPage,
  SlimUserPage,
} from '@fanspace/contracts';
import { readContext } from '../../platform/db/read-routing.ts';
import type { App } from '../../platform/http/app.ts';
import { clearCache } from '../data-tools/account-data.service.ts';
import { DataToolsRateLimits } from '../data-tools/data-tools.limits.ts';
import { viewerOf } from '../posts/post-views.ts';
import { authOf } from '../users/users.routes.ts';
import * as service from './discover.service.ts';

const invalid = routeErrors(ErrorCodes.VALIDATION_FAILED);

/** Discover, the optimized list variants, share metadata and the cache alias. */
export async function discoverRoutes(app: App) {
  const { ctx } = app;
  const tags = ['discover'];
  const viewerId = (request: Parameters<typeof viewerOf>[0]) => viewerOf(request)?.id ?? null;
  /** the lists below only read: the replica's, unless the viewer just wrote */
  const reads = (request: Parameters<typeof viewerOf>[0]) => readContext(ctx, viewerId(request));

  app.get(
    '/discover',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Trending and new creators, trending public posts and popular hashtags',
        response: { 200: DiscoverResponse },
      },
    },
    async (request) => service.discover(reads(request), viewerOf(request)),
  );

  app.get(
    '/posts/optimized',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Public posts, newest first: slim rows paged by cursor',
        querystring: OptimizedQuery,
        response: { 200: SlimPostPage, 400: invalid },
      },
    },
    async (request) => service.optimizedPosts(reads(request), viewerId(request), request.query),
  );

  app.get(
    '/users/optimized',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Creators, newest first: slim rows paged by cursor',
        querystring: OptimizedQuery,
        response: { 200: SlimUserPage, 400: invalid },
      },
    },
    async (request) => service.optimizedUsers(reads(request), viewerId(request), request.query),
  );

  app.get(
    '/social/share/:postId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['social'],
        summary: 'Share links and OpenGraph metadata of a public post',
        params: SharePostParams,
        response: { 200: ShareResponse, 404: routeErrors(ErrorCodes.NOT_FOUND) },
      },
    },
    async (request) => service.shareInfo(reads(request), viewerId(request), request.params.postId),
  );

  app.post(
    '/cache/clear',
    {
      config: { auth: 'user', rateLimit: DataToolsRateLimits.maintenance },
      schema: {
        tags,
        summary: 'Clear what the server caches for me (same as /data/clear-cache)',
        response: { 200: ClearCacheResponse },
      },
    },
    async (request) => clearCache(ctx, authOf(request).user.id),
  );
}
