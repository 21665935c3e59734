import { Type, type Static } from '@sinclair/typebox';

/** Beta gate (SPEC §4 Beta access, §7 Beta). */

const FeatureId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' });

export const VerifyBetaCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type VerifyBetaCodeBody = Static<typeof VerifyBetaCodeBody>;

export const VerifyBetaCodeResponse = Type.Object({
  valid: Type.Literal(true),
  betaAccess: Type.Literal(true),
  message: Type.String(),
});
export type VerifyBetaCodeResponse = Static<typeof VerifyBetaCodeResponse>;

export const BetaFeature = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  userEnabled: Type.Boolean(),
});
export type BetaFeature = Static<typeof BetaFeature>;

export const BetaFeaturesResponse = Type.Object({ features: Type.Array(BetaFeature) });
export type BetaFeaturesResponse = Static<typeof BetaFeaturesResponse>;

export const BetaFeatureParams = Type.Object({ id: FeatureId });
export type BetaFeatureParams = Static<typeof BetaFeatureParams>;

export const UpdateBetaFeatureBody = Type.Object(
  { userEnabled: Type.Boolean() },
  { additionalProperties: false },
);
export type UpdateBetaFeatureBody = Static<typeof UpdateBetaFeatureBody>;

export const BetaFeedbackBody = Type.Object(
  {
    featureId: Type.Optional(FeatureId),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type BetaFeedbackBody = Static<typeof BetaFeedbackBody>;

export const BetaInviteBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
);
export type BetaInviteBody = Static<typeof BetaInviteBody>;
