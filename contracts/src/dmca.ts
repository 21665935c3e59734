import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo, Uuid } from './common.ts';

/**
 * Rights / DMCA notices (SPEC §7 "Other families: rights/DMCA"). Anyone may file a notice
 * (no account needed); admins review it and may take the named posts down; the affected
 * creator may answer with a counter-notice.
 *
 * Status: submitted → reviewing → actioned | rejected. A counter-notice moves an actioned
 * notice to countered; admins then restore the posts (restored) or keep them down because the
 * claimant went to court (upheld). A countered notice nobody decided on restores itself
 * `restoreAfterDays` after the counter-notice (the DMCA's 10–14 business days).
 */
export const DMCA_STATUSES = [
  'submitted',
  'reviewing',
  'actioned',
  'rejected',
  'countered',
  'restored',
  'upheld',
] as const;
export type DmcaStatus = (typeof DMCA_STATUSES)[number];

export const DmcaLimits = {
  nameMax: 120,
  workMax: 2000,
  statementMin: 20,
  statementMax: 5000,
  signatureMax: 120,
  urlMax: 500,
  urlsMax: 20,
  notesMax: 2000,
  pageSize: 20,
  maxPageSize: 100,
  /** a countered notice restores the posts this long after the counter-notice */
  restoreAfterDays: 14,
} as const;

export const DMCA_MESSAGES = {
  submitted: 'Your notice was received. We will review it and reply by email.',
  notFound: 'Notice not found',
  noTargets: 'Name at least one infringing URL or post',
  updated: 'Notice updated',
  counterSubmitted: 'Your counter-notice was sent to our team.',
  counterNotAllowed: 'Only the creator whose content was named can send a counter-notice',
  counterTwice: 'A counter-notice was already sent for this notice',
  counterTooEarly: 'A counter-notice can be sent once content was taken down',
  restoreNotAllowed: 'Only a notice whose content was taken down can be restored',
  upholdNotAllowed: 'Only a countered notice can be upheld',
  restored: 'The content was restored',
} as const;

export const DmcaStatusSchema = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('reviewing'),
  Type.Literal('actioned'),
  Type.Literal('rejected'),
  Type.Literal('countered'),
  Type.Literal('restored'),
  Type.Literal('upheld'),
]);
/** restored: the posts come back; upheld: a countered notice stays in force (court action) */
export const DmcaReviewStatusSchema = Type.Union([
  Type.Literal('reviewing'),
  Type.Literal('actioned'),
  Type.Literal('rejected'),
  Type.Literal('restored'),
  Type.Literal('upheld'),
]);

export const DmcaNoticeBody = Type.Object({
  claimantName: Type.String({ minLength: 1, maxLength: DmcaLimits.nameMax }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  copyrightedWork: Type.String({ minLength: 1, maxLength: DmcaLimits.workMax }),
  infringingUrls: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: DmcaLimits.urlMax }), {
      maxItems: DmcaLimits.urlsMax,
    }),
  ),
  postIds: Type.Optional(Type.Array(Uuid, { maxItems: DmcaLimits.urlsMax })),
  statement: Type.String({ minLength: 1, maxLength: DmcaLimits.statementMax }),
  /** the claimant's full name typed as an electronic signature */
  signature: Type.String({ minLength: 1, maxLength: DmcaLimits.signatureMax }),
  /** the claimant affirms good faith and accuracy under penalty of perjury */
  goodFaith: Type.Literal(true),
});
export type DmcaNoticeBody = Static<typeof DmcaNoticeBody>;

export const DmcaCounterNotice = Type.Object({
  statement: Type.String(),
  signature: Type.String(),
  createdAt: Type.String(),
});

export const DmcaNotice = Type.Object({
  id: Type.String(),
  status: DmcaStatusSchema,
  claimantName: Type.String(),
  email: Type.String(),
  copyrightedWork: Type.String(),
  infringingUrls: Type.Array(Type.String()),
  /** posts named by id or found in the URLs */
  postIds: Type.Array(Type.String()),
  statement: Type.String(),
  signature: Type.String(),
  notes: Nullable(Type.String()),
  contentRemoved: Type.Boolean(),
  counterNotice: Nullable(DmcaCounterNotice),
  /** countered: when the posts come back unless an admin upholds the notice first */
  restoreAfter: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DmcaNotice = Static<typeof DmcaNotice>;

/** What the affected creator sees of a notice against their posts (no claimant email). */
export const DmcaNoticeResponse = Type.Object({
  notice: DmcaNotice,
  message: Type.Optional(Type.String()),
});
export type DmcaNoticeResponse = Static<typeof DmcaNoticeResponse>;

export const DmcaSubmittedResponse = Type.Object({
  id: Type.String(),
  status: DmcaStatusSchema,
  message: Type.String(),
});
export type DmcaSubmittedResponse = Static<typeof DmcaSubmittedResponse>;

export const DmcaMineResponse = Type.Object({
  /** notices I filed (matched by my account or my account's email) */
  filed: Type.Array(DmcaNotice),
  /** notices naming my posts */
  againstMe: Type.Array(DmcaNotice),
});
export type DmcaMineResponse = Static<typeof DmcaMineResponse>;

export const AdminDmcaQuery = Type.Object({
  status: Type.Optional(DmcaStatusSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: DmcaLimits.maxPageSize,
    default: DmcaLimits.pageSize,
  }),
});
export type AdminDmcaQuery = Static<typeof AdminDmcaQuery>;

export const AdminDmcaPage = Type.Composite([
  PageInfo,
  Type.Object({ notices: Type.Array(DmcaNotice), total: Type.Integer() }),
]);
export type AdminDmcaPage = Static<typeof AdminDmcaPage>;

export const AdminDmcaUpdateBody = Type.Object({
  status: DmcaReviewStatusSchema,
  notes: Type.Optional(Type.String({ maxLength: DmcaLimits.notesMax })),
  /** with status actioned: take the named posts down and tell their creators */
  removeContent: Type.Optional(Type.Boolean()),
});
export type AdminDmcaUpdateBody = Static<typeof AdminDmcaUpdateBody>;

export const DmcaCounterNoticeBody = Type.Object({
  statement: Type.String({ minLength: 1, maxLength: DmcaLimits.statementMax }),
  signature: Type.String({ minLength: 1, maxLength: DmcaLimits.signatureMax }),
});
export type DmcaCounterNoticeBody = Static<typeof DmcaCounterNoticeBody>;

export const DmcaIdParams = Type.Object({ id: Uuid });
export type DmcaIdParams = Static<typeof DmcaIdParams>;
