import {
  CreatePostBody,
  DeletePostResponse,
  ErrorCodes,
  FeedQuery,
  LikeResponse,
  Post,
  PostIdParams,
  PostPage,
  PostPaging,
  routeErrors,
  UpdatePostBody,
  UserLookupParams,
  UserPostsQuery,
  ViewResponse,
} from '@fanspace/contracts';
import { readContext } from '../../platform/db/read-routing.ts';
import type { App } from '../../platform/http/app.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { registerMediaAccessResolver } from '../media/media.service.ts';
import { commentRoutes } from './comments.routes.ts';
import { commentsOf } from './comments.service.ts';
import { likePost, recordView, unlikePost } from './engagement.service.ts';
import { feed, userPosts } from './feeds.service.ts';
import { readMultipartPost } from './post-input.ts';
import { postMediaAccess } from './post-media-access.ts';
import { signedInViewer, viewerOf } from './post-views.ts';
import { PostLimits } from './posts.limits.ts';
import { createPost, deletePost, getPost, updatePost } from './posts.service.ts';

const tags = ['posts'];
const E = ErrorCodes;

/** Posts, likes, views and the feeds; comments in comments.routes.ts. */
export async function postsRoutes(app: App) {
  const { ctx } = app;
  // originals of post media stream only to viewers who unlocked a post carrying them
  registerMediaAccessResolver(postMediaAccess);

  app.get(
    '/posts',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'Home feed (own, followed and subscribed creators, newest first) or discover (discoverMode, visitors)',
        querystring: FeedQuery,
        response: { 200: PostPage, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return feed(readContext(ctx, viewer?.id ?? null), viewer, request.query);
    },
  );

  app.post(
    '/posts',
    {
      config: { auth: 'creator', rateLimit: PostLimits.create },
      schema: {
        tags,
        summary:
          'Create a post: multipart (image/video file, caption, accessDetails JSON, hashtags, modelReleaseIds, selectedMediaItems JSON) or JSON',
        consumes: ['application/json', 'multipart/form-data'],
        body: { content: { 'application/json': { schema: CreatePostBody } } },
        response: {
          201: Post,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.EMPTY_POST,
            E.EXTERNAL_MEDIA_URL,
            E.INVALID_IMAGE,
          ),
          403: routeErrors(E.ONLY_CREATORS, E.IDENTITY_VERIFICATION_REQUIRED),
          404: routeErrors(E.MEDIA_NOT_FOUND),
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
        },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const submission = request.isMultipart()
        ? await readMultipartPost(request)
        : { body: (request.body ?? {}) as CreatePostBody, files: [] };
      return reply
        .status(201)
        .send(await createPost(ctx, viewer, submission.body, submission.files));
    },
  );

  app.get(
    '/posts/user/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: `A user's posts as the viewer may see them (limit ${PostPaging.userPosts})`,
        params: UserLookupParams,
        querystring: UserPostsQuery,
        response: {
          200: PostPage,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const reads = readContext(ctx, viewer?.id ?? null);
      return userPosts(reads, viewer, request.params.id, request.query);
    },
  );

  app.get(
    '/posts/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One post, with the first page of comments when unlocked',
        params: PostIdParams,
        response: {
          200: Post,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const reads = readContext(ctx, viewer?.id ?? null);
      const { row, post } = await getPost(reads, viewer, request.params.id);
      if (!post.isUnlockedForUser) return post;
      const page = await commentsOf(reads.db, viewer?.id ?? null, row, {
        page: 1,
        limit: PostPaging.comments,
      });
      return { ...post, commentsList: page.comments };
    },
  );

  app.put(
    '/posts/:id',
    {
      config: { auth: 'user', rateLimit: PostLimits.edit },
      schema: {
        tags,
        summary: 'Edit caption, access and hashtags of an own post',
        params: PostIdParams,
        body: UpdatePostBody,
        response: {
          200: Post,
          400: routeErrors(E.VALIDATION_FAILED, E.EMPTY_POST),
          403: routeErrors(E.FORBIDDEN),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => updatePost(ctx, signedInViewer(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    {
      config: { auth: 'user', rateLimit: PostLimits.edit },
      schema: {
        tags,
        summary: 'Delete an own post (idempotent, safe under concurrent duplicates)',
        params: PostIdParams,
        response: {
          200: DeletePostResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          403: routeErrors(E.FORBIDDEN),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => deletePost(ctx, currentUser(request).id, request.params.id),
  );

  const likeSchema = (summary: string) => ({
    tags,
    summary,
    params: PostIdParams,
    response: {
      200: LikeResponse,
      400: routeErrors(E.VALIDATION_FAILED),
      404: routeErrors(E.NOT_FOUND),
    },
  });
  app.post(
    '/posts/:id/like',
    {
      config: { auth: 'user', rateLimit: PostLimits.like },
      schema: likeSchema('Like a post (idempotent)'),
    },
    async (request) => likePost(ctx.db, currentUser(request).id, request.params.id),
  );
  app.delete(
    '/posts/:id/like',
    {
      config: { auth: 'user', rateLimit: PostLimits.like },
      schema: likeSchema('Remove a like (idempotent)'),
    },
    async (request) => unlikePost(ctx.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/posts/:id/view',
    {
      // sent for every post scrolled past; nothing the next page must show: the viewer's reads
      // stay on the replica (platform/http/read-your-writes.ts)
      config: { auth: 'public', rateLimit: PostLimits.view, readYourWrites: false },
      schema: {
        tags,
        summary: 'Count a view: once per signed-in viewer per hour (not the owner, not visitors)',
        params: PostIdParams,
        response: {
          200: ViewResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => recordView(ctx, viewerOf(request)?.id ?? null, request.params.id),
  );

  await commentRoutes(app);
}
