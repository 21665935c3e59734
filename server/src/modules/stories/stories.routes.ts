import {
  CreateStoryBody,
  DeleteStoryResponse,
  ErrorCodes,
  routeErrors,
  StoriesQuery,
  StoriesResponse,
  Story,
  StoryIdParams,
  StoryViewersQuery,
  StoryViewersResponse,
  StoryViewResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { registerMediaAccessResolver } from '../media/media.service.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { storyMediaAccess } from './story-media-access.ts';
import { readMultipartStory } from './story-input.ts';
import { assertMayPublish } from './stories.policy.ts';
import {
  createStory,
  deleteStory,
  getStory,
  listStories,
  presentOneStory,
  storyViewers,
  viewStory,
} from './stories.service.ts';

const tags = ['stories'];
const E = ErrorCodes;

/** Per account: uploads are the expensive write; views come in bursts while watching. */
export const StoryLimitsPerRoute = {
  create: perUserLimit(30, '10 minutes'),
  delete: perUserLimit(60, '1 minute'),
  read: perUserLimit(120, '1 minute'),
  view: perUserLimit(600, '1 minute'),
} as const;

/** Stories (SPEC §7 "Stories: create (multipart), delete, get all"), views and viewers. */
export async function storiesRoutes(app: App) {
  const { ctx } = app;
  // originals of story media stream only to viewers who may see the live story
  registerMediaAccessResolver(storyMediaAccess);

  app.post(
    '/stories',
    {
      config: { auth: 'user', rateLimit: StoryLimitsPerRoute.create },
      // a fan gets the 403 that opens the become-creator modal before any body is read or judged
      onRequest: async (request) => assertMayPublish(currentUser(request)),
      schema: {
        tags,
        summary:
          'Post a story (creators): multipart with the file under `media` and textPosition as JSON text, or JSON with a vault `mediaId`; text-only with a background colour is fine',
        consumes: ['application/json', 'multipart/form-data'],
        body: { content: { 'application/json': { schema: CreateStoryBody } } },
        response: {
          201: Story,
          400: routeErrors(E.VALIDATION_FAILED, E.EMPTY_STORY, E.INVALID_IMAGE),
          403: routeErrors(E.ONLY_CREATORS, E.IDENTITY_VERIFICATION_REQUIRED),
          404: routeErrors(E.MEDIA_NOT_FOUND),
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
          429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED),
        },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const submission = request.isMultipart()
        ? await readMultipartStory(request)
        : { body: (request.body ?? {}) as CreateStoryBody, file: null };
      const row = await createStory(ctx, currentUser(request), submission.body, submission.file);
      return reply.status(201).send(await presentOneStory(ctx, viewer, row));
    },
  );

  app.get(
    '/stories',
    {
      config: { auth: 'user', rateLimit: StoryLimitsPerRoute.read },
      schema: {
        tags,
        summary:
          'Live stories grouped by creator, unseen first: the tray (own, followed, subscribed) or one creator (userId)',
        querystring: StoriesQuery,
        response: { 200: StoriesResponse, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => listStories(ctx, signedInViewer(request), request.query),
  );

  app.get(
    '/stories/:id',
    {
      config: { auth: 'user', rateLimit: StoryLimitsPerRoute.read },
      schema: {
        tags,
        summary: 'One live story the viewer may see',
        params: StoryIdParams,
        response: { 200: Story, 404: routeErrors(E.STORY_NOT_FOUND) },
      },
    },
    async (request) => getStory(ctx, signedInViewer(request), request.params.id),
  );

  app.delete(
    '/stories/:id',
    {
      config: { auth: 'user', rateLimit: StoryLimitsPerRoute.delete },
      schema: {
        tags,
        summary: 'Delete an own story (and the file uploaded with it)',
        params: StoryIdParams,
        response: { 200: DeleteStoryResponse, 404: routeErrors(E.STORY_NOT_FOUND) },
      },
    },
    async (request) => deleteStory(ctx, currentUser(request).id, request.params.id),
  );

  app.post(
    '/stories/:id/view',
    {
      config: { auth: 'user', rateLimit: StoryLimitsPerRoute.view, readYourWrites: false },
      schema: {
        tags,
        summary: 'Mark a story seen (one view per viewer; the owner is not counted)',
        params: StoryIdParams,
        response: { 200: StoryViewResponse, 404: routeErrors(E.STORY_NOT_FOUND) },
      },
    },
    async (request) => viewStory(ctx, currentUser(request).id, request.params.id),
  );

  app.get(
    '/stories/:id/viewers',
    {
      config: { auth: 'user', rateLimit: StoryLimitsPerRoute.read },
      schema: {
        tags,
        summary: 'Who saw an own story, newest first (keyset cursor)',
        params: StoryIdParams,
        querystring: StoryViewersQuery,
        response: {
          200: StoryViewersResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.STORY_NOT_FOUND),
        },
      },
    },
    async (request) => storyViewers(ctx, currentUser(request).id, request.params.id, request.query),
  );
}
