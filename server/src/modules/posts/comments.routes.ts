import {
  Comment,
  CommentLikeResponse,
  CommentPage,
  CommentParams,
  CreateCommentBody,
  ErrorCodes,
  PageQuery,
  PostIdParams,
  routeErrors,
  UpdateCommentBody,
} from '@fanspace/contracts';
import { readContext } from '../../platform/db/read-routing.ts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, viewerIdOf } from '../graph/route-helpers.ts';
import {
  createComment,
  deleteComment,
  listComments,
  toggleCommentLike,
  updateComment,
} from './comments.service.ts';
import { PostLimits } from './posts.limits.ts';

const tags = ['comments'];
const E = ErrorCodes;
const errors = {
  400: routeErrors(E.VALIDATION_FAILED),
  403: routeErrors(E.POST_LOCKED, E.FORBIDDEN),
  404: routeErrors(E.NOT_FOUND),
};

/** Comments of a post: visible to whoever unlocked the post, minus blocked and restricted. */
export async function commentRoutes(app: App) {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    '/posts/:id/comments',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Comments of a post, oldest first; deleted ones read [message deleted]',
        params: PostIdParams,
        querystring: PageQuery,
        response: { 200: CommentPage, ...errors },
      },
    },
    async (request) => {
      const viewerId = viewerIdOf(request);
      const reads = readContext(ctx, viewerId).db;
      return listComments(reads, viewerId, request.params.id, request.query);
    },
  );

  app.post(
    '/posts/:id/comments',
    {
      config: { auth: 'user', rateLimit: PostLimits.comment },
      schema: {
        tags,
        summary: 'Comment (or reply with replyToCommentId); @mentions resolve to user ids',
        params: PostIdParams,
        body: CreateCommentBody,
        response: { 201: Comment, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createComment(db, currentUser(request).id, request.params.id, request.body)),
  );

  app.put(
    '/posts/:id/comments/:commentId',
    {
      config: { auth: 'user', rateLimit: PostLimits.commentEdit },
      schema: {
        tags,
        summary: 'Edit an own comment',
        params: CommentParams,
        body: UpdateCommentBody,
        response: { 200: Comment, ...errors },
      },
    },
    async (request) =>
      updateComment(
        db,
        currentUser(request).id,
        request.params.id,
        request.params.commentId,
        request.body.text,
      ),
  );

  app.delete(
    '/posts/:id/comments/:commentId',
    {
      config: { auth: 'user', rateLimit: PostLimits.commentEdit },
      schema: {
        tags,
        summary: 'Soft-delete a comment (its author or the post owner; idempotent)',
        params: CommentParams,
        response: { 200: Comment, ...errors },
      },
    },
    async (request) =>
      deleteComment(db, currentUser(request).id, request.params.id, request.params.commentId),
  );

  app.post(
    '/posts/:id/comments/:commentId/like',
    {
      config: { auth: 'user', rateLimit: PostLimits.like },
      schema: {
        tags,
        summary: 'Toggle the caller’s like on a comment',
        params: CommentParams,
        response: { 200: CommentLikeResponse, ...errors },
      },
    },
    async (request) =>
      toggleCommentLike(db, currentUser(request).id, request.params.id, request.params.commentId),
  );
}
