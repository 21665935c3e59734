import {
  CommunitiesQuery,
  CommunitiesResponse,
  Community,
  CommunityActionResponse,
  CommunityIdParams,
  CommunityListQuery,
  CommunityListResponse,
  CommunityMember,
  CommunityMemberParams,
  CommunityPost,
  CommunityPostIdParams,
  CommunityPostLikeResponse,
  CommunityPostsQuery,
  CommunityPostsResponse,
  CommunitySearchQuery,
  CreateCommunityBody,
  CreateCommunityPostBody,
  ErrorCodes,
  InviteBody,
  InviteResponse,
  MembersQuery,
  MembersResponse,
  routeErrors,
  UpdateCommunityBody,
  UpdateMemberBody,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { registerMediaAccessResolver } from '../media/media.service.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { readCommunityPost } from './community-post-input.ts';
import { removeCommunityMember, updateMemberRole } from './community-members.service.ts';
import {
  communityMediaAccess,
  createCommunityPost,
  deleteCommunityPost,
  listCommunityPosts,
  toggleCommunityPostLike,
} from './community-posts.service.ts';
import {
  createCommunity,
  deleteCommunity,
  inviteToCommunity,
  joinCommunity,
  leaveCommunity,
  listCommunities,
  listMembers,
  presentOne,
  recommended,
  searchCommunities,
  trending,
  updateCommunity,
} from './communities.service.ts';

const tags = ['communities'];
const E = ErrorCodes;

const Limits = {
  read: perUserLimit(240, '1 minute'),
  write: perUserLimit(60, '1 minute'),
  create: perUserLimit(30, '10 minutes'),
  post: perUserLimit(30, '1 minute'),
  like: perUserLimit(300, '1 minute'),
} as const;

const notFound = routeErrors(E.COMMUNITY_NOT_FOUND);
const forbidden = routeErrors(E.COMMUNITY_FORBIDDEN, E.COMMUNITY_OWNER_FIXED);

/** Communities (SPEC §7 Communities). The fixed paths are registered before `/:id`. */
export async function communitiesRoutes(app: App) {
  const { ctx } = app;
  registerMediaAccessResolver(communityMediaAccess);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/communities/search',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Communities whose name or description matches q',
        querystring: CommunitySearchQuery,
        response: { 200: CommunityListResponse },
      },
    },
    async (request) => searchCommunities(ctx, user(request), request.query.q, request.query.limit),
  );
  app.get(
    '/communities/recommended',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Public communities not joined yet, those followed people are in first',
        querystring: CommunityListQuery,
        response: { 200: CommunityListResponse },
      },
    },
    async (request) => recommended(ctx, user(request), request.query.limit),
  );
  app.get(
    '/communities/trending',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Public communities by the last 7 days: 2 x likes + posts',
        querystring: CommunityListQuery,
        response: { 200: CommunityListResponse },
      },
    },
    async (request) => trending(ctx, user(request), request.query.limit),
  );

  app.delete(
    '/communities/posts/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Delete a community post (author, owner or moderator)',
        params: CommunityPostIdParams,
        response: {
          200: CommunityActionResponse,
          403: forbidden,
          404: routeErrors(E.COMMUNITY_POST_NOT_FOUND),
        },
      },
    },
    async (request) => deleteCommunityPost(ctx, user(request), request.params.id),
  );
  app.post(
    '/communities/posts/:id/like',
    {
      config: { auth: 'user', rateLimit: Limits.like },
      schema: {
        tags,
        summary: 'Like or unlike a community post (toggle)',
        params: CommunityPostIdParams,
        response: { 200: CommunityPostLikeResponse, 404: routeErrors(E.COMMUNITY_POST_NOT_FOUND) },
      },
    },
    async (request) => toggleCommunityPostLike(ctx, user(request), request.params.id),
  );

  app.get(
    '/communities',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'The grid: search, category (default all), sortBy (default activity), page',
        querystring: CommunitiesQuery,
        response: { 200: CommunitiesResponse, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => listCommunities(ctx, user(request), request.query),
  );
  app.post(
    '/communities',
    {
      config: { auth: 'user', rateLimit: Limits.create },
      schema: {
        tags,
        summary: 'Create a community; the creator is its owner',
        body: CreateCommunityBody,
        response: {
          201: Community,
          400: routeErrors(E.VALIDATION_FAILED),
          409: routeErrors(E.CONFLICT),
          429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCommunity(ctx, user(request), request.body)),
  );
  app.get(
    '/communities/:id',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'One community with its first members',
        params: CommunityIdParams,
        response: { 200: Community, 404: notFound },
      },
    },
    async (request) => presentOne(ctx.db, user(request), request.params.id),
  );
  app.put(
    '/communities/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Edit a community (owner or moderators)',
        params: CommunityIdParams,
        body: UpdateCommunityBody,
        response: {
          200: Community,
          400: routeErrors(E.VALIDATION_FAILED),
          403: forbidden,
          404: notFound,
          409: routeErrors(E.CONFLICT),
        },
      },
    },
    async (request) => updateCommunity(ctx, user(request), request.params.id, request.body),
  );
  app.delete(
    '/communities/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Delete a community (owner)',
        params: CommunityIdParams,
        response: { 200: CommunityActionResponse, 403: forbidden, 404: notFound },
      },
    },
    async (request) => deleteCommunity(ctx, user(request), request.params.id),
  );
  app.post(
    '/communities/:id/join',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Join (private communities need an invite)',
        params: CommunityIdParams,
        response: {
          200: CommunityActionResponse,
          403: routeErrors(E.COMMUNITY_INVITE_REQUIRED),
          404: notFound,
        },
      },
    },
    async (request) => joinCommunity(ctx, user(request), request.params.id),
  );
  app.post(
    '/communities/:id/leave',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Leave (the owner cannot)',
        params: CommunityIdParams,
        response: {
          200: CommunityActionResponse,
          403: forbidden,
          404: routeErrors(E.COMMUNITY_NOT_FOUND, E.COMMUNITY_MEMBER_NOT_FOUND),
        },
      },
    },
    async (request) => leaveCommunity(ctx, user(request), request.params.id),
  );
  app.post(
    '/communities/:id/invite',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary:
          'Invite a user {userId} (any member of a public community; managers of a private one)',
        params: CommunityIdParams,
        body: InviteBody,
        response: {
          200: InviteResponse,
          403: forbidden,
          404: routeErrors(E.COMMUNITY_NOT_FOUND, E.NOT_FOUND),
          409: routeErrors(E.ALREADY_MEMBER),
        },
      },
    },
    async (request) =>
      inviteToCommunity(ctx, user(request), request.params.id, request.body.userId),
  );
  app.get(
    '/communities/:id/members',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Members: owner, moderators, then members by join date',
        params: CommunityIdParams,
        querystring: MembersQuery,
        response: { 200: MembersResponse, 404: notFound },
      },
    },
    async (request) => listMembers(ctx, user(request), request.params.id, request.query),
  );
  app.put(
    '/communities/:id/members/:userId',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary:
          "Change a member's role (owner or moderators; role owner hands the community over)",
        params: CommunityMemberParams,
        body: UpdateMemberBody,
        response: {
          200: CommunityMember,
          403: forbidden,
          404: routeErrors(E.COMMUNITY_NOT_FOUND, E.COMMUNITY_MEMBER_NOT_FOUND),
        },
      },
    },
    async (request) =>
      updateMemberRole(
        ctx,
        user(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );
  app.delete(
    '/communities/:id/members/:userId',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Remove a member (owner or moderators; oneself = leave)',
        params: CommunityMemberParams,
        response: {
          200: CommunityActionResponse,
          403: forbidden,
          404: routeErrors(E.COMMUNITY_NOT_FOUND, E.COMMUNITY_MEMBER_NOT_FOUND),
        },
      },
    },
    async (request) =>
      removeCommunityMember(ctx, user(request), request.params.id, request.params.userId),
  );
  app.get(
    '/communities/:id/posts',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Posts, newest first (private communities: members only)',
        params: CommunityIdParams,
        querystring: CommunityPostsQuery,
        response: { 200: CommunityPostsResponse, 403: forbidden, 404: notFound },
      },
    },
    async (request) =>
      listCommunityPosts(ctx, signedInViewer(request), request.params.id, request.query),
  );
  app.post(
    '/communities/:id/posts',
    {
      config: { auth: 'user', rateLimit: Limits.post },
      schema: {
        tags,
        summary:
          'Post to a community (members): multipart `content` and an optional `image`, or JSON',
        consumes: ['application/json', 'multipart/form-data'],
        params: CommunityIdParams,
        body: { content: { 'application/json': { schema: CreateCommunityPostBody } } },
        response: {
          201: CommunityPost,
          400: routeErrors(E.VALIDATION_FAILED, E.EMPTY_COMMUNITY_POST, E.INVALID_IMAGE),
          403: forbidden,
          404: notFound,
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
        },
      },
    },
    async (request, reply) => {
      const input = request.isMultipart()
        ? await readCommunityPost(request)
        : { content: ((request.body ?? {}) as CreateCommunityPostBody).content ?? '', file: null };
      const post = await createCommunityPost(
        ctx,
        signedInViewer(request),
        request.params.id,
        input.content,
        input.file,
      );
      return reply.status(201).send(post);
    },
  );
}
