import {
  CreateReelBody,
  CreateReelCommentBody,
  DeleteReelCommentResponse,
  ReelComment,
  ReelCommentsQuery,
  ReelCommentsResponse,
  DeleteReelResponse,
  ErrorCodes,
  Reel,
  ReelIdParams,
  ReelLikeResponse,
  ReelsQuery,
  ReelsResponse,
  ReelViewResponse,
  REEL_MESSAGES,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { registerMediaAccessResolver } from '../media/media.service.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { readMultipartReel } from './reel-input.ts';
import { assertMayPublish } from '../stories/stories.policy.ts';
import { addReelComment, deleteReelComment, listReelComments } from './reel-comments.service.ts';
import {
  createReel,
  deleteReel,
  getReel,
  listReels,
  reelMediaAccess,
  toggleReelLike,
  viewReel,
} from './reels.service.ts';

const tags = ['reels'];
const E = ErrorCodes;
const Limits = {
  create: perUserLimit(20, '10 minutes'),
  read: perUserLimit(240, '1 minute'),
  write: perUserLimit(300, '1 minute'),
} as const;
const notFound = routeErrors(E.REEL_NOT_FOUND);

/** Reels (SPEC §7 "Other families": reels): create, feed, get, delete, like, view. */
export async function reelsRoutes(app: App) {
  const { ctx } = app;
  registerMediaAccessResolver(reelMediaAccess);

  app.post(
    '/reels',
    {
      config: { auth: 'user', rateLimit: Limits.create },
      // a fan gets the 403 that opens the become-creator modal before any body is read or judged
      onRequest: async (request) => assertMayPublish(currentUser(request), REEL_MESSAGES),
      schema: {
        tags,
        summary:
          'Post a reel (creators): multipart with the video under `video`, or JSON with a vault `mediaId`',
        consumes: ['application/json', 'multipart/form-data'],
        body: { content: { 'application/json': { schema: CreateReelBody } } },
        response: {
          201: Reel,
          400: routeErrors(E.VALIDATION_FAILED),
          403: routeErrors(E.ONLY_CREATORS, E.IDENTITY_VERIFICATION_REQUIRED),
          404: routeErrors(E.MEDIA_NOT_FOUND),
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
          429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED),
        },
      },
    },
    async (request, reply) => {
      const input = request.isMultipart()
        ? await readMultipartReel(request)
        : { body: (request.body ?? {}) as CreateReelBody, file: null };
      const reel = await createReel(
        ctx,
        signedInViewer(request),
        currentUser(request),
        input.body,
        input.file,
      );
      return reply.status(201).send(reel);
    },
  );
  app.get(
    '/reels',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'The reels feed, newest first (keyset cursor); userId for one creator',
        querystring: ReelsQuery,
        response: { 200: ReelsResponse, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => listReels(ctx, signedInViewer(request), request.query),
  );
  app.get(
    '/reels/:id',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'One reel',
        params: ReelIdParams,
        response: { 200: Reel, 404: notFound },
      },
    },
    async (request) => getReel(ctx, signedInViewer(request), request.params.id),
  );
  app.delete(
    '/reels/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Delete an own reel',
        params: ReelIdParams,
        response: { 200: DeleteReelResponse, 404: notFound },
      },
    },
    async (request) => deleteReel(ctx, currentUser(request).id, request.params.id),
  );
  app.post(
    '/reels/:id/like',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Like or unlike a reel (toggle)',
        params: ReelIdParams,
        response: { 200: ReelLikeResponse, 404: notFound },
      },
    },
    async (request) => toggleReelLike(ctx, currentUser(request).id, request.params.id),
  );
  app.post(
    '/reels/:id/view',
    {
      config: { auth: 'user', rateLimit: Limits.write, readYourWrites: false },
      schema: {
        tags,
        summary: 'Count a view (once per viewer; the author is not counted)',
        params: ReelIdParams,
        response: { 200: ReelViewResponse, 404: notFound },
      },
    },
    async (request) => viewReel(ctx, currentUser(request).id, request.params.id),
  );
  app.get(
    '/reels/:id/comments',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Comments on a reel, oldest first',
        params: ReelIdParams,
        querystring: ReelCommentsQuery,
        response: { 200: ReelCommentsResponse, 404: notFound },
      },
    },
    async (request) =>
      listReelComments(ctx, currentUser(request).id, request.params.id, request.query),
  );
  app.post(
    '/reels/:id/comments',
    {
      config: { auth: 'user', rateLimit: Limits.create },
      schema: {
        tags,
        summary: 'Comment on a reel',
        params: ReelIdParams,
        body: CreateReelCommentBody,
        response: { 201: ReelComment, 400: routeErrors(E.VALIDATION_FAILED), 404: notFound },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addReelComment(
            ctx,
            currentUser(request).id,
            request.params.id,
            request.body.content,
          ),
        ),
  );
  app.delete(
    '/reels/comments/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: "Delete a comment (its author or the reel's author)",
        params: ReelIdParams,
        response: { 200: DeleteReelCommentResponse, 404: routeErrors(E.REEL_COMMENT_NOT_FOUND) },
      },
    },
    async (request) => deleteReelComment(ctx, currentUser(request).id, request.params.id),
  );
}
