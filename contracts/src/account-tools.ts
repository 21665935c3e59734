import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/**
 * Onboarding checklist, the user's own moderation history, batch reads and translation
 * (SPEC §7 "Other families": onboarding, moderation, batch operations, translation).
 */

// ---- onboarding ----
export const ONBOARDING_STEPS = [
  'verify_email',
  'avatar',
  'bio',
  'follow_creator',
  'identity_verified',
  'subscription_price',
  'payout_method',
  'first_post',
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];
export const OnboardingStepIdSchema = Type.Union([
  Type.Literal('verify_email'),
  Type.Literal('avatar'),
  Type.Literal('bio'),
  Type.Literal('follow_creator'),
  Type.Literal('identity_verified'),
  Type.Literal('subscription_price'),
  Type.Literal('payout_method'),
  Type.Literal('first_post'),
]);

export const OnboardingStep = Type.Object({
  id: OnboardingStepIdSchema,
  title: Type.String(),
  description: Type.String(),
  /** where in the app the step is done */
  href: Type.String(),
  done: Type.Boolean(),
  dismissed: Type.Boolean(),
});
export type OnboardingStep = Static<typeof OnboardingStep>;
export const OnboardingResponse = Type.Object({
  role: Type.Union([Type.Literal('fan'), Type.Literal('creator')]),
  steps: Type.Array(OnboardingStep),
  completed: Type.Integer(),
  total: Type.Integer(),
  /** every step is done or dismissed: the card hides */
  finished: Type.Boolean(),
});
export type OnboardingResponse = Static<typeof OnboardingResponse>;
export const OnboardingStepParams = Type.Object({ step: Type.String({ maxLength: 40 }) });
export type OnboardingStepParams = Static<typeof OnboardingStepParams>;

// ---- moderation (user side) ----
export const ModerationEvent = Type.Object({
  id: Type.String(),
  type: Type.Union([
    Type.Literal('warning'),
    Type.Literal('suspension'),
    Type.Literal('unsuspension'),
    Type.Literal('ban'),
    Type.Literal('unban'),
    Type.Literal('post_removed'),
    Type.Literal('comment_removed'),
    Type.Literal('copyright_removal'),
  ]),
  reason: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type ModerationEvent = Static<typeof ModerationEvent>;
export const ModerationStatusResponse = Type.Object({
  status: Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('banned')]),
  statusReason: Nullable(Type.String()),
  suspendedUntil: Nullable(Type.String()),
  warningsCount: Type.Integer(),
  /** warnings plus content removals: what counts against the account */
  strikes: Type.Integer(),
  history: Type.Array(ModerationEvent),
});
export type ModerationStatusResponse = Static<typeof ModerationStatusResponse>;

// ---- batch ----
export const BatchLimits = { maxRequests: 20, pathMax: 500 } as const;
const BatchPath = Type.String({ minLength: 1, maxLength: BatchLimits.pathMax });
export const BatchRequest = Type.Object({
  /** only reads: GET in any case ('get' too); GET when left out */
  method: Type.Optional(Type.String({ pattern: '^[Gg][Ee][Tt]$', default: 'GET' })),
  /** one of path or url (its alias) is required; path wins */
  path: Type.Optional(BatchPath),
  url: Type.Optional(BatchPath),
  body: Type.Optional(Type.Null()),
});
export const BatchBody = Type.Object({
  requests: Type.Array(BatchRequest, { minItems: 1, maxItems: BatchLimits.maxRequests }),
});
export type BatchBody = Static<typeof BatchBody>;
export const BatchResult = Type.Object({
  path: Type.String(),
  status: Type.Integer(),
  body: Type.Unknown(),
});
export const BatchResponse = Type.Object({ responses: Type.Array(BatchResult) });
export type BatchResponse = Static<typeof BatchResponse>;

// ---- translation ----
export const TranslationLimits = { textMax: 5000 } as const;
export const TRANSLATION_MESSAGES = {
  notConfigured: 'Translation is not available on this server',
  failed: 'Translation failed. Please try again later.',
} as const;
export const TranslationStatusResponse = Type.Object({
  enabled: Type.Boolean(),
  provider: Nullable(Type.String()),
});
export type TranslationStatusResponse = Static<typeof TranslationStatusResponse>;
const LanguageCode = Type.String({ pattern: '^[a-z]{2}(-[A-Za-z]{2,4})?$' });

/**
 * The target language is `target`, or one of the names clients also use for it:
 * `targetLanguage`, `to`, `lang` (the first present wins; none is a 400 naming `target`).
 */
export const TranslateBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: TranslationLimits.textMax }),
  /** ISO 639-1 code such as 'en', 'es', 'pt' (optionally with region, 'pt-BR') */
  target: Type.Optional(LanguageCode),
  targetLanguage: Type.Optional(LanguageCode),
  to: Type.Optional(LanguageCode),
  lang: Type.Optional(LanguageCode),
  source: Type.Optional(Type.String({ pattern: '^([a-z]{2}(-[A-Za-z]{2,4})?|auto)$' })),
});
export type TranslateBody = Static<typeof TranslateBody>;
export const TranslateResponse = Type.Object({
  translatedText: Type.String(),
  target: Type.String(),
  detectedSource: Nullable(Type.String()),
});
export type TranslateResponse = Static<typeof TranslateResponse>;
