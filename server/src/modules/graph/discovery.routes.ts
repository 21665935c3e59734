import {
  DiscoveryDefaults,
  discoveryQuery,
  ErrorCodes,
  FeedbackBody,
  FeedbackResponse,
  routeErrors,
  UserListResponse,
  UserLookupParams,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import * as service from './discovery.service.ts';
import { currentUser, SAFETY_LIMIT, viewerIdOf } from './route-helpers.ts';

/** Creator discovery (public; personal when signed in) and feedback on accounts. */
export async function discoveryRoutes(app: App) {
  const { db } = app.ctx;
  const listSchema = (summary: string, defaultLimit: number) => ({
    tags: ['graph'],
    summary,
    querystring: discoveryQuery(defaultLimit),
    response: { 200: UserListResponse, 400: routeErrors(ErrorCodes.VALIDATION_FAILED) },
  });

  app.get(
    '/users/trending',
    {
      config: { auth: 'public' },
      schema: listSchema(
        'Creators by follows gained in the last 7 days, then followers',
        DiscoveryDefaults.trending,
      ),
    },
    async (request) => service.trendingCreators(db, viewerIdOf(request), request.query.limit),
  );

  app.get(
    '/users/promoted-creators',
    {
      config: { auth: 'public' },
      schema: listSchema('Creators with a running promotion', DiscoveryDefaults.promoted),
    },
    async (request) => service.promotedCreators(db, viewerIdOf(request), request.query.limit),
  );

  app.get(
    '/users/new',
    {
      config: { auth: 'public' },
      schema: listSchema('Newest creators', DiscoveryDefaults.newest),
    },
    async (request) => service.newestCreators(db, viewerIdOf(request), request.query.limit),
  );

  app.get(
    '/users/signup-suggestions',
    {
      config: { auth: 'public' },
      schema: listSchema(
        'Popular creators the viewer does not follow yet',
        DiscoveryDefaults.suggestions,
      ),
    },
    async (request) => service.signupSuggestions(db, viewerIdOf(request), request.query.limit),
  );

  app.post(
    '/users/:id/feedback',
    {
      config: { auth: 'user', rateLimit: SAFETY_LIMIT },
      schema: {
        tags: ['graph'],
        summary: "Feedback on an account; 'not_interested' drops it from trending and suggestions",
        params: UserLookupParams,
        body: FeedbackBody,
        response: {
          200: FeedbackResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED, ErrorCodes.CANNOT_TARGET_SELF),
          404: routeErrors(ErrorCodes.NOT_FOUND),
        },
      },
    },
    async (request) =>
      service.giveFeedback(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.feedbackType,
      ),
  );
}
