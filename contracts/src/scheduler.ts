import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * The creator scheduler (SPEC §3 "Scheduled item: id or itemId", §7 Scheduler, §8 scheduler
 * texts). A scheduled item is a post, a story or a mass message with the payload its own
 * create route takes (CreatePostBody, CreateStoryBody, MassMessageBody) and a time; the job
 * runner publishes it then, exactly once, through the same services.
 *
 * Status: pending → published | failed (after SchedulerLimits.maxAttempts tries, with the
 * error) | canceled. A pending or failed item can be edited and rescheduled (failed goes back
 * to pending); a canceled one can be restored to pending.
 */
export const SCHEDULED_TYPES = ['post', 'story', 'mass_message'] as const;
export type ScheduledType = (typeof SCHEDULED_TYPES)[number];
export const SCHEDULED_STATUSES = ['pending', 'published', 'failed', 'canceled'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

export const SchedulerLimits = {
  /** how far ahead an item may be scheduled */
  maxDaysAhead: 365,
  /** pending items per creator */
  maxPending: 500,
  batchMax: 50,
  bulkMax: 100,
  /** publish attempts before an item is marked failed */
  maxAttempts: 5,
  pageSize: 50,
  maxPageSize: 200,
  /** bulk shift bound, either way: one year in minutes */
  shiftMinutesMax: 525_600,
} as const;

/** SPEC §8, word for word (the web client's toasts), and the server's own texts. */
export const SCHEDULER_MESSAGES = {
  scheduleFailed: 'Failed to schedule item',
  updateFailed: 'Failed to update item',
  deleteFailed: 'Failed to delete item',
  deleteManyFailed: 'Failed to delete items',
  bulkFailed: 'Failed to bulk schedule',
  onlyCreators: 'Only creators can schedule content',
  inPast: 'The scheduled time must be in the future',
  tooFar: `Items can be scheduled at most ${SchedulerLimits.maxDaysAhead} days ahead`,
  tooMany: `You can have at most ${SchedulerLimits.maxPending} pending scheduled items`,
  notFound: 'Scheduled item not found',
  notEditable: 'Only pending or failed items can be changed',
  batchInvalid: 'Some items could not be scheduled; nothing was scheduled',
  bulkInvalid: 'Some items could not be changed; nothing was changed',
} as const;

export const ScheduledTypeSchema = Type.Union([
  Type.Literal('post'),
  Type.Literal('story'),
  Type.Literal('mass_message'),
]);
export const ScheduledStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('published'),
  Type.Literal('failed'),
  Type.Literal('canceled'),
]);

const DateTime = Type.String({ format: 'date-time' });
/** The body of the item's own create route, checked against that route's schema. */
const Payload = Type.Record(Type.String(), Type.Unknown());

export const ScheduleItemBody = Type.Object(
  {
    type: ScheduledTypeSchema,
    scheduledFor: DateTime,
    payload: Payload,
  },
  { additionalProperties: false },
);
export type ScheduleItemBody = Static<typeof ScheduleItemBody>;

/** What the scheduler shows of an item without opening its payload. */
export const ScheduledPreview = Type.Object({
  text: Type.String(),
  mediaCount: Type.Integer(),
  /** the first media item's thumbnail, signed for this session */
  thumbnailUrl: Nullable(Type.String()),
  /** post/story access level, or the mass message's segment */
  audience: Nullable(Type.String()),
});
export type ScheduledPreview = Static<typeof ScheduledPreview>;

export const ScheduledItem = Type.Object({
  id: Type.String(),
  itemId: Type.String(),
  type: ScheduledTypeSchema,
  status: ScheduledStatusSchema,
  scheduledFor: Type.String(),
  payload: Payload,
  preview: ScheduledPreview,
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  /** the post, story or mass message it became */
  resultId: Nullable(Type.String()),
  resultUrl: Nullable(Type.String()),
  publishedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ScheduledItem = Static<typeof ScheduledItem>;

export const ScheduledItemParams = Type.Object({ id: Uuid });
export type ScheduledItemParams = Static<typeof ScheduledItemParams>;

export const SchedulerQuery = Type.Object({
  type: Type.Optional(ScheduledTypeSchema),
  status: Type.Optional(ScheduledStatusSchema),
  /** scheduled at or after */
  from: Type.Optional(DateTime),
  /** scheduled before */
  to: Type.Optional(DateTime),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({
    minimum: 1,
    maximum: SchedulerLimits.maxPageSize,
    default: SchedulerLimits.pageSize,
  }),
});
export type SchedulerQuery = Static<typeof SchedulerQuery>;

/** Soonest first; `nextCursor` continues after the last item. */
export const SchedulerPage = Type.Object({
  items: Type.Array(ScheduledItem),
  nextCursor: Nullable(Type.String()),
  hasMore: Type.Boolean(),
  /** the caller's pending items, whatever the filter */
  pendingCount: Type.Integer(),
});
export type SchedulerPage = Static<typeof SchedulerPage>;

export const ScheduledItemResponse = Type.Object({
  item: ScheduledItem,
  id: Type.String(),
  itemId: Type.String(),
  message: Type.Optional(Type.String()),
});
export type ScheduledItemResponse = Static<typeof ScheduledItemResponse>;

/** PUT /scheduler/{id}: any of these; `publishNow` runs it at once through the job runner. */
export const UpdateScheduledBody = Type.Object(
  {
    scheduledFor: Type.Optional(DateTime),
    payload: Type.Optional(Payload),
    status: Type.Optional(Type.Union([Type.Literal('canceled'), Type.Literal('pending')])),
    publishNow: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateScheduledBody = Static<typeof UpdateScheduledBody>;

export const DeleteScheduledResponse = Type.Object({
  ok: Type.Literal(true),
  id: Type.String(),
  itemId: Type.String(),
  message: Type.String(),
});
export type DeleteScheduledResponse = Static<typeof DeleteScheduledResponse>;

export const ScheduleBatchBody = Type.Object(
  {
    items: Type.Array(ScheduleItemBody, { minItems: 1, maxItems: SchedulerLimits.batchMax }),
  },
  { additionalProperties: false },
);
export type ScheduleBatchBody = Static<typeof ScheduleBatchBody>;

/** Why one item of a batch or bulk request was refused. */
export const SchedulerItemError = Type.Object({
  index: Type.Integer(),
  id: Type.Optional(Type.String()),
  code: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
});
export type SchedulerItemError = Static<typeof SchedulerItemError>;

export const ScheduledItemsResponse = Type.Object({
  items: Type.Array(ScheduledItem),
  count: Type.Integer(),
  message: Type.Optional(Type.String()),
});
export type ScheduledItemsResponse = Static<typeof ScheduledItemsResponse>;

/**
 * PUT /scheduler/bulk: exactly one of `scheduledFor` (every item to that time), `shiftMinutes`
 * (each item moved by that much) or `status: 'canceled'`. All or nothing.
 */
export const SchedulerBulkBody = Type.Object(
  {
    ids: Type.Array(Uuid, { minItems: 1, maxItems: SchedulerLimits.bulkMax }),
    scheduledFor: Type.Optional(DateTime),
    shiftMinutes: Type.Optional(
      Type.Integer({
        minimum: -SchedulerLimits.shiftMinutesMax,
        maximum: SchedulerLimits.shiftMinutesMax,
      }),
    ),
    status: Type.Optional(Type.Literal('canceled')),
  },
  { additionalProperties: false },
);
export type SchedulerBulkBody = Static<typeof SchedulerBulkBody>;

/** DELETE /scheduler/bulk {ids}: removes the caller's items (all must be theirs). */
export const SchedulerBulkDeleteBody = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: SchedulerLimits.bulkMax }) },
  { additionalProperties: false },
);
export type SchedulerBulkDeleteBody = Static<typeof SchedulerBulkDeleteBody>;

export const SchedulerBulkDeleteResponse = Type.Object({
  ok: Type.Literal(true),
  ids: Type.Array(Type.String()),
  count: Type.Integer(),
  message: Type.String(),
});
export type SchedulerBulkDeleteResponse = Static<typeof SchedulerBulkDeleteResponse>;
