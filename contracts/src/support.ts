import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_SORT_FIELDS, sortParams } from './admin.ts';
import { Nullable, Uuid } from './common.ts';

/**
 * The support desk (SPEC §1 "a support desk", §2 admin section "support tickets", §7 "Other
 * families" and `GET /admin/support-tickets`). A signed-in user opens a ticket with a first
 * message; staff answer it from the back office; either side may close it.
 *
 * Status: open (waiting for staff) → answered (staff replied; a user follow-up reopens it)
 * → closed (no more messages).
 */
export const SUPPORT_CATEGORIES = [
  'account',
  'payments',
  'content',
  'safety',
  'bug',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SupportLimits = {
  subjectMin: 3,
  subjectMax: 140,
  messageMin: 1,
  messageMax: 5000,
  reasonMax: 500,
  /** user list and admin queue page sizes (admin tables: SPEC §9, 20) */
  pageSize: 20,
  maxPageSize: 100,
} as const;

export const SUPPORT_MESSAGES = {
  created: 'Your request was sent. Our team will get back to you soon.',
  replied: 'Reply sent',
  closed: 'Ticket closed',
  closedRefused: 'This ticket is closed. Open a new request if you still need help.',
  notFound: 'Support ticket not found',
  replyFailed: 'Failed to send reply',
  closeFailed: 'Failed to close ticket',
} as const;

export const SupportCategorySchema = Type.Union([
  Type.Literal('account'),
  Type.Literal('payments'),
  Type.Literal('content'),
  Type.Literal('safety'),
  Type.Literal('bug'),
  Type.Literal('other'),
]);
export const SupportStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('answered'),
  Type.Literal('closed'),
]);
export const SupportPrioritySchema = Type.Union([Type.Literal('normal'), Type.Literal('high')]);

const MessageText = Type.String({
  minLength: SupportLimits.messageMin,
  maxLength: SupportLimits.messageMax,
});

export const SupportAuthor = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
});
export type SupportAuthor = Static<typeof SupportAuthor>;

export const SupportMessage = Type.Object({
  id: Type.String(),
  ticketId: Type.String(),
  /** null once the author's account is gone */
  authorId: Nullable(Type.String()),
  fromStaff: Type.Boolean(),
  body: Type.String(),
  createdAt: Type.String(),
});
export type SupportMessage = Static<typeof SupportMessage>;

export const SupportTicket = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  category: SupportCategorySchema,
  status: SupportStatusSchema,
  priority: SupportPrioritySchema,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  closedAt: Nullable(Type.String()),
  closeReason: Nullable(Type.String()),
  lastMessageAt: Type.String(),
  messagesCount: Type.Integer(),
  /** who opened it (always the caller on the user routes) */
  user: Nullable(SupportAuthor),
});
export type SupportTicket = Static<typeof SupportTicket>;

export const SupportTicketParams = Type.Object({ id: Uuid });
export type SupportTicketParams = Static<typeof SupportTicketParams>;

export const CreateSupportTicketBody = Type.Object(
  {
    subject: Type.String({
      minLength: SupportLimits.subjectMin,
      maxLength: SupportLimits.subjectMax,
    }),
    /** defaults to 'other' */
    category: Type.Optional(Type.Union(SupportCategorySchema.anyOf, { default: 'other' })),
    /** the first message; one of message or description (its alias) is required */
    message: Type.Optional(MessageText),
    /** alias of message (clients that call the first message a description); message wins */
    description: Type.Optional(MessageText),
  },
  { additionalProperties: false },
);
export type CreateSupportTicketBody = Static<typeof CreateSupportTicketBody>;

export const SupportMessageBody = Type.Object({ message: MessageText });
export type SupportMessageBody = Static<typeof SupportMessageBody>;

export const SupportCloseBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: SupportLimits.reasonMax })),
});
export type SupportCloseBody = Static<typeof SupportCloseBody>;

const pageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: SupportLimits.maxPageSize,
    default: SupportLimits.pageSize,
  }),
};

export const SupportTicketsQuery = Type.Object({
  ...pageQuery,
  status: Type.Optional(SupportStatusSchema),
});
export type SupportTicketsQuery = Static<typeof SupportTicketsQuery>;

export const AdminSupportTicketsQuery = Type.Object({
  ...pageQuery,
  /** default: every ticket that is not closed, oldest first */
  status: Type.Optional(
    Type.Union([SupportStatusSchema, Type.Literal('active'), Type.Literal('all')]),
  ),
  /** part of the subject or of the opener's username */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  priority: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('high')])),
  /** without sortBy: the queue order above */
  ...sortParams(ADMIN_SORT_FIELDS.supportTickets),
});
export type AdminSupportTicketsQuery = Static<typeof AdminSupportTicketsQuery>;

const PageInfo = {
  total: Type.Integer(),
  page: Type.Integer(),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
};

export const SupportTicketsPage = Type.Object({
  tickets: Type.Array(SupportTicket),
  ...PageInfo,
});
export type SupportTicketsPage = Static<typeof SupportTicketsPage>;

/** POST /support-tickets: the ticket under `ticket` and its fields at the top level too. */
export const SupportTicketResponse = Type.Composite([
  SupportTicket,
  Type.Object({ ticket: SupportTicket, message: Type.Optional(Type.String()) }),
]);
export type SupportTicketResponse = Static<typeof SupportTicketResponse>;

export const SupportThreadResponse = Type.Object({
  ticket: SupportTicket,
  messages: Type.Array(SupportMessage),
  message: Type.Optional(Type.String()),
});
export type SupportThreadResponse = Static<typeof SupportThreadResponse>;

/** GET /support-tickets/{id}: the thread, with the ticket's fields at the top level too. */
export const SupportTicketDetailResponse = Type.Composite([
  SupportTicket,
  Type.Object({
    ticket: SupportTicket,
    messages: Type.Array(SupportMessage),
    message: Type.Optional(Type.String()),
  }),
]);
export type SupportTicketDetailResponse = Static<typeof SupportTicketDetailResponse>;
