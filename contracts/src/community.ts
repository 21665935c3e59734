import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo, Uuid } from './common.ts';

/**
 * Community pages (SPEC §7 "Other families": suggestions, roadmap, team, contact, feedback;
 * §8 'Failed to load suggestions' / 'Failed to submit suggestion'). Suggestions are posted
 * and voted by signed-in users; the roadmap is edited by admins; team, roadmap and contact
 * are public pages; contact messages and feedback are read by admins.
 */
export const SiteToolsLimits = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 2000,
  nameMax: 100,
  subjectMin: 3,
  subjectMax: 140,
  messageMin: 1,
  messageMax: 5000,
  feedbackMessageMax: 2000,
  pageMax: 300,
  pageSize: 20,
  maxPageSize: 100,
} as const;

export const SITE_TOOLS_MESSAGES = {
  loadSuggestionsFailed: 'Failed to load suggestions',
  submitSuggestionFailed: 'Failed to submit suggestion',
  suggestionCreated: 'Thanks! Your suggestion was posted.',
  suggestionNotFound: 'Suggestion not found',
  suggestionUpdated: 'Suggestion updated',
  roadmapItemNotFound: 'Roadmap item not found',
  contactSent: 'Thanks for your message. We will reply by email.',
  feedbackSent: 'Thanks for your feedback!',
} as const;

const Title = Type.String({ minLength: 1, maxLength: SiteToolsLimits.titleMax });
const Email = Type.String({ format: 'email', maxLength: 254 });

export const CommunityPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: SiteToolsLimits.maxPageSize,
    default: SiteToolsLimits.pageSize,
  }),
});
export type CommunityPageQuery = Static<typeof CommunityPageQuery>;

// ---- suggestions ----
export const SUGGESTION_STATUSES = ['open', 'planned', 'in_progress', 'done', 'declined'] as const;
export const SuggestionStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('planned'),
  Type.Literal('in_progress'),
  Type.Literal('done'),
  Type.Literal('declined'),
]);
export const Suggestion = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: SuggestionStatusSchema,
  votes: Type.Integer(),
  /** the viewer voted for it (false for visitors) */
  voted: Type.Boolean(),
  author: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
  /** the roadmap item an admin linked it to, if any */
  roadmapItem: Nullable(Type.Object({ id: Type.String(), title: Type.String() })),
  createdAt: Type.String(),
});
export type Suggestion = Static<typeof Suggestion>;
export const SuggestionListQuery = Type.Object({
  sort: Type.Union([Type.Literal('top'), Type.Literal('new')], { default: 'top' }),
});
export type SuggestionListQuery = Static<typeof SuggestionListQuery>;
export const SuggestionListResponse = Type.Object({ suggestions: Type.Array(Suggestion) });
export type SuggestionListResponse = Static<typeof SuggestionListResponse>;
export const CreateSuggestionBody = Type.Object({
  title: Title,
  description: Type.Optional(Type.String({ maxLength: SiteToolsLimits.descriptionMax })),
});
export type CreateSuggestionBody = Static<typeof CreateSuggestionBody>;
export const SuggestionResponse = Type.Object({
  suggestion: Suggestion,
  message: Type.Optional(Type.String()),
});
export type SuggestionResponse = Static<typeof SuggestionResponse>;
/**
 * POST /suggestions and GET /suggestions/{id}: the suggestion under `suggestion` and its fields
 * at the top level too, so a client that reads either shape finds them.
 */
export const SuggestionItemResponse = Type.Composite([
  Suggestion,
  Type.Object({ suggestion: Suggestion, message: Type.Optional(Type.String()) }),
]);
export type SuggestionItemResponse = Static<typeof SuggestionItemResponse>;
export const SuggestionLookupParams = Type.Object({
  /** any string: a malformed id answers the 404 of an unknown one */
  id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type SuggestionLookupParams = Static<typeof SuggestionLookupParams>;

/** Back office: every suggestion, newest first, optionally one status. */
export const AdminSuggestionQuery = Type.Composite([
  CommunityPageQuery,
  Type.Object({ status: Type.Optional(SuggestionStatusSchema) }),
]);
export type AdminSuggestionQuery = Static<typeof AdminSuggestionQuery>;
export const AdminSuggestionPage = Type.Composite([
  PageInfo,
  Type.Object({ suggestions: Type.Array(Suggestion), total: Type.Integer() }),
]);
export type AdminSuggestionPage = Static<typeof AdminSuggestionPage>;
/** A new status (the author is told), and/or the roadmap item it became (null unlinks). */
export const AdminSuggestionUpdateBody = Type.Object(
  {
    status: Type.Optional(SuggestionStatusSchema),
    roadmapItemId: Type.Optional(Nullable(Uuid)),
  },
  { minProperties: 1 },
);
export type AdminSuggestionUpdateBody = Static<typeof AdminSuggestionUpdateBody>;

// ---- roadmap ----
export const ROADMAP_STATUSES = ['planned', 'in_progress', 'done'] as const;
export const RoadmapStatusSchema = Type.Union([
  Type.Literal('planned'),
  Type.Literal('in_progress'),
  Type.Literal('done'),
]);
export const RoadmapItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: RoadmapStatusSchema,
  /** free text such as 'Q1 2027', or null */
  eta: Nullable(Type.String()),
  position: Type.Integer(),
  updatedAt: Type.String(),
});
export type RoadmapItem = Static<typeof RoadmapItem>;
export const RoadmapResponse = Type.Object({ items: Type.Array(RoadmapItem) });
export type RoadmapResponse = Static<typeof RoadmapResponse>;
export const RoadmapItemBody = Type.Object({
  title: Title,
  description: Type.Optional(Type.String({ maxLength: SiteToolsLimits.descriptionMax })),
  status: Type.Optional(RoadmapStatusSchema),
  eta: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
export type RoadmapItemBody = Static<typeof RoadmapItemBody>;
export const RoadmapItemUpdateBody = Type.Partial(RoadmapItemBody, { minProperties: 1 });
export type RoadmapItemUpdateBody = Static<typeof RoadmapItemUpdateBody>;
export const RoadmapItemResponse = Type.Object({ item: RoadmapItem });
export type RoadmapItemResponse = Static<typeof RoadmapItemResponse>;

// ---- team ----
export const TeamMember = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  bio: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;
export const TeamResponse = Type.Object({ members: Type.Array(TeamMember) });
export type TeamResponse = Static<typeof TeamResponse>;

// ---- contact ----
/**
 * Only the message is always required. Signed in, a missing name or email is the account's
 * (display name, else username; its email); a visitor gives both. A missing subject is taken
 * from the message's first words (see CONTACT_DEFAULT_SUBJECT for a message too short for one).
 */
export const ContactBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: SiteToolsLimits.nameMax })),
  email: Type.Optional(Email),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: SiteToolsLimits.subjectMax })),
  message: Type.String({ minLength: 1, maxLength: SiteToolsLimits.messageMax }),
});
/** the subject of a message sent without one whose first words are too short for a subject */
export const CONTACT_DEFAULT_SUBJECT = 'Contact form';
export type ContactBody = Static<typeof ContactBody>;
export const ContactMessage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  userId: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type ContactMessage = Static<typeof ContactMessage>;
export const ContactResponse = Type.Object({ id: Type.String(), message: Type.String() });
export type ContactResponse = Static<typeof ContactResponse>;
export const ContactMessagesPage = Type.Composite([
  PageInfo,
  Type.Object({ messages: Type.Array(ContactMessage), total: Type.Integer() }),
]);
export type ContactMessagesPage = Static<typeof ContactMessagesPage>;

// ---- feedback ----
export const SiteFeedbackBody = Type.Object({
  /** optional: a message alone is feedback too */
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  message: Type.Optional(Type.String({ maxLength: SiteToolsLimits.feedbackMessageMax })),
  page: Type.Optional(Type.String({ maxLength: SiteToolsLimits.pageMax })),
});
export type SiteFeedbackBody = Static<typeof SiteFeedbackBody>;
export const SiteFeedbackEntry = Type.Object({
  id: Type.String(),
  /** null when sent without a rating */
  rating: Nullable(Type.Integer()),
  message: Type.String(),
  page: Nullable(Type.String()),
  user: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
  createdAt: Type.String(),
});
export type SiteFeedbackEntry = Static<typeof SiteFeedbackEntry>;
export const SiteFeedbackCreatedResponse = Type.Object({
  id: Type.String(),
  message: Type.String(),
});
export type SiteFeedbackCreatedResponse = Static<typeof SiteFeedbackCreatedResponse>;
export const SiteFeedbackPage = Type.Composite([
  PageInfo,
  Type.Object({
    feedback: Type.Array(SiteFeedbackEntry),
    total: Type.Integer(),
    averageRating: Nullable(Type.Number()),
  }),
]);
export type SiteFeedbackPage = Static<typeof SiteFeedbackPage>;

export const SiteItemIdParams = Type.Object({ id: Uuid });
export type SiteItemIdParams = Static<typeof SiteItemIdParams>;
