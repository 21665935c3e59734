import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Stories (SPEC §3 Story, §5 "Stories: only creators may post… the text position is sent as
 * JSON text", §7 Stories: create (multipart), delete, get all). A story lives 24 hours, then a
 * job removes it; an expired story is never served.
 *
 * Access levels (the spec leaves the values open): `public` (every signed-in viewer),
 * `followers` (followers and active subscribers), `subscribers` (active subscribers).
 */
export const STORY_ACCESS_LEVELS = ['public', 'followers', 'subscribers'] as const;
export type StoryAccessLevel = (typeof STORY_ACCESS_LEVELS)[number];
export const STORY_MEDIA_TYPES = ['image', 'video', 'text'] as const;
export type StoryMediaType = (typeof STORY_MEDIA_TYPES)[number];

/** Named text sizes a client may send instead of a pixel size (stored as the pixel size). */
export const STORY_TEXT_SIZES = { small: 20, medium: 28, large: 40, xl: 56 } as const;
export type StoryTextSizeName = keyof typeof STORY_TEXT_SIZES;

export const StoryLimits = {
  lifetimeHours: 24,
  captionMax: 500,
  textOverlayMax: 250,
  textSizeMin: 12,
  textSizeMax: 96,
  textSizeDefault: STORY_TEXT_SIZES.medium,
  /** stories one creator may post per rolling 24 hours */
  perDay: 50,
  /** creators per page of the tray */
  groupsPageSize: 30,
  groupsMaxPageSize: 100,
  viewersPageSize: 30,
  viewersMaxPageSize: 100,
  /** how long an image or text story shows in the viewer; videos play their length (≤ 60 s) */
  displaySeconds: 5,
  videoMaxSeconds: 60,
} as const;

/** SPEC §2/§5: a 403 whose message contains 'Only creators' opens the become-creator modal. */
export const STORY_MESSAGES = {
  onlyCreators: 'Only creators can post stories',
  identityPending: 'Only creators can post stories: your identity verification is still pending',
  empty: 'A story needs a photo, a video or some text.',
  notFound: 'Story not found',
  deleted: 'Story deleted',
  audioRefused: 'Stories take photos and videos',
  tooMany: `You can post up to ${StoryLimits.perDay} stories a day`,
} as const;

export const StoryAccessLevelSchema = Type.Union([
  Type.Literal('public'),
  Type.Literal('followers'),
  Type.Literal('subscribers'),
]);
export const StoryMediaTypeSchema = Type.Union([
  Type.Literal('image'),
  Type.Literal('video'),
  Type.Literal('text'),
]);

/** Where the overlay's centre sits, as fractions of the story's width and height. */
export const StoryTextPosition = Type.Object({
  x: Type.Number({ minimum: 0, maximum: 1 }),
  y: Type.Number({ minimum: 0, maximum: 1 }),
});
export type StoryTextPosition = Static<typeof StoryTextPosition>;
export const STORY_DEFAULT_POSITION: StoryTextPosition = { x: 0.5, y: 0.5 };

/** #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS colour name, or rgb()/rgba()/hsl()/hsla(). */
export const STORY_COLOR_PATTERN =
  '^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\\([0-9.,%\\s/a-z]{1,60}\\))$';
const StoryColor = Type.String({ maxLength: 80, pattern: STORY_COLOR_PATTERN });

/**
 * POST /stories as JSON, and the canonical form a multipart request is converted to. The
 * media is a file (`media`, also `image`/`video`/`file`) or an item of the creator's vault
 * (`mediaId`); a text story needs `textOverlay` or `caption`.
 */
export const CreateStoryBody = Type.Object(
  {
    mediaType: Type.Optional(StoryMediaTypeSchema),
    mediaId: Type.Optional(Nullable(Uuid)),
    caption: Type.Optional(Type.String({ maxLength: StoryLimits.captionMax })),
    textOverlay: Type.Optional(Type.String({ maxLength: StoryLimits.textOverlayMax })),
    textPosition: Type.Optional(Nullable(StoryTextPosition)),
    /** pixels (12–96) or small | medium | large | xl */
    textSize: Type.Optional(
      Type.Union([
        Type.Integer({ minimum: StoryLimits.textSizeMin, maximum: StoryLimits.textSizeMax }),
        Type.Literal('small'),
        Type.Literal('medium'),
        Type.Literal('large'),
        Type.Literal('xl'),
      ]),
    ),
    backgroundColor: Type.Optional(Nullable(StoryColor)),
    textColor: Type.Optional(Nullable(StoryColor)),
    accessLevel: Type.Optional(StoryAccessLevelSchema),
  },
  { additionalProperties: false },
);
export type CreateStoryBody = Static<typeof CreateStoryBody>;

/** The small user card stories carry (the tray shows many of them). */
export const StoryAuthor = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  isCreator: Type.Boolean(),
  isVerified: Type.Boolean(),
});
export type StoryAuthor = Static<typeof StoryAuthor>;

export const Story = Type.Object({
  id: Type.String(),
  storyId: Type.String(),
  userId: Type.String(),
  user: StoryAuthor,
  /** the URL to show (a signed URL for this session), null for a text story */
  media: Nullable(Type.String()),
  mediaUrl: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  mediaType: StoryMediaTypeSchema,
  mediaId: Nullable(Type.String()),
  durationSeconds: Nullable(Type.Number()),
  caption: Type.String(),
  textOverlay: Type.String(),
  textPosition: StoryTextPosition,
  textSize: Type.Integer(),
  backgroundColor: Nullable(Type.String()),
  textColor: Type.String(),
  accessLevel: StoryAccessLevelSchema,
  createdAt: Type.String(),
  expiresAt: Type.String(),
  /** the viewer has opened it (always true for one's own stories) */
  seen: Type.Boolean(),
  isOwn: Type.Boolean(),
  /** distinct viewers; only on one's own stories */
  viewCount: Type.Optional(Type.Integer()),
});
export type Story = Static<typeof Story>;

export const StoryGroup = Type.Object({
  userId: Type.String(),
  user: StoryAuthor,
  /** oldest first: the order they are watched in */
  stories: Type.Array(Story),
  hasUnseen: Type.Boolean(),
  latestAt: Type.String(),
});
export type StoryGroup = Static<typeof StoryGroup>;

export const StoriesQuery = Type.Object({
  /** one creator's live stories (a profile); default: the viewer's tray */
  userId: Type.Optional(Uuid),
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: StoryLimits.groupsMaxPageSize,
    default: StoryLimits.groupsPageSize,
  }),
});
export type StoriesQuery = Static<typeof StoriesQuery>;

/**
 * GET /stories: the viewer's own stories and those of the creators they follow or subscribe
 * to, grouped by creator, groups with unseen stories first, then the most recent; `stories` is
 * the same stories flat, in group order.
 */
export const StoriesResponse = Type.Object({
  groups: Type.Array(StoryGroup),
  stories: Type.Array(Story),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type StoriesResponse = Static<typeof StoriesResponse>;

export const StoryIdParams = Type.Object({ id: Uuid });
export type StoryIdParams = Static<typeof StoryIdParams>;

export const StoryViewResponse = Type.Object({
  ok: Type.Literal(true),
  storyId: Type.String(),
  seen: Type.Literal(true),
  /** whether this call recorded a first view */
  counted: Type.Boolean(),
});
export type StoryViewResponse = Static<typeof StoryViewResponse>;

export const DeleteStoryResponse = Type.Object({
  ok: Type.Literal(true),
  storyId: Type.String(),
  message: Type.String(),
});
export type DeleteStoryResponse = Static<typeof DeleteStoryResponse>;

export const StoryViewer = Type.Object({
  userId: Type.String(),
  user: StoryAuthor,
  viewedAt: Type.String(),
});
export type StoryViewer = Static<typeof StoryViewer>;

export const StoryViewersQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({
    minimum: 1,
    maximum: StoryLimits.viewersMaxPageSize,
    default: StoryLimits.viewersPageSize,
  }),
});
export type StoryViewersQuery = Static<typeof StoryViewersQuery>;

/** GET /stories/{id}/viewers (the owner only): newest view first. */
export const StoryViewersResponse = Type.Object({
  storyId: Type.String(),
  viewCount: Type.Integer(),
  viewers: Type.Array(StoryViewer),
  nextCursor: Nullable(Type.String()),
  hasMore: Type.Boolean(),
});
export type StoryViewersResponse = Static<typeof StoryViewersResponse>;
