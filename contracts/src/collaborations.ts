import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';
import { KitUser } from './creator-kit.ts';

/**
 * Collaborations (SPEC §1 and §7 "Other families"): a creator invites another creator to one of
 * their posts with a revenue split; once accepted, the post's revenue (unlocks and tips on it)
 * is shared through the ledger. Rounding: the collaborator gets floor(share × percent / 100) of
 * the creator share; the remainder cent stays with the post's owner.
 */

export const CollaborationLimits = { splitMin: 1, splitMax: 90 } as const;
export const COLLABORATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type CollaborationStatus = (typeof COLLABORATION_STATUSES)[number];

export const CollaborationStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
]);

export const Collaboration = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  postCaption: Nullable(Type.String()),
  ownerId: Type.String(),
  owner: Nullable(KitUser),
  collaboratorId: Type.String(),
  collaborator: Nullable(KitUser),
  splitPercent: Type.Integer(),
  status: CollaborationStatusSchema,
  /** from the viewer's side */
  direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
  /** what the collaborator earned from this post so far (currency units and cents) */
  earned: Type.Number(),
  earnedCents: Type.Integer(),
  createdAt: Type.String(),
  respondedAt: Nullable(Type.String()),
});
export type Collaboration = Static<typeof Collaboration>;

export const CollaborationsResponse = Type.Object({
  sent: Type.Array(Collaboration),
  received: Type.Array(Collaboration),
});
export type CollaborationsResponse = Static<typeof CollaborationsResponse>;

export const CreateCollaborationBody = Type.Object(
  {
    postId: Uuid,
    collaboratorId: Uuid,
    splitPercent: Type.Integer({
      minimum: CollaborationLimits.splitMin,
      maximum: CollaborationLimits.splitMax,
    }),
  },
  { additionalProperties: false },
);
export type CreateCollaborationBody = Static<typeof CreateCollaborationBody>;
