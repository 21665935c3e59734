import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/**
 * Model releases (SPEC §3, §5, §7 Releases): a co-performer's consent to appear in a creator's
 * content. POST /releases is multipart and always carries every field below; only idPhotoBack
 * is optional. A release can also start as a pending invitation (POST /releases/pending
 * {modelName}) that the co-performer completes and signs through a consent link, without an
 * account. Posts name releases by id (modelReleaseIds); only signed releases may be named.
 */
export const RELEASE_FILE_FIELDS = ['idPhotoFront', 'idPhotoBack', 'modelHoldingIdPhoto'] as const;
export type ReleaseFileField = (typeof RELEASE_FILE_FIELDS)[number];
export const RELEASE_REQUIRED_FILES: ReleaseFileField[] = ['idPhotoFront', 'modelHoldingIdPhoto'];
/** Text fields of the model's part (the consent form sends these too). */
export const RELEASE_MODEL_TEXT_FIELDS = [
  'modelName',
  'modelDob',
  'idType',
  'idNumber',
  'signatureDataUrl',
] as const;
export const RELEASE_TEXT_FIELDS = [
  ...RELEASE_MODEL_TEXT_FIELDS,
  'creatorSignatureDataUrl',
] as const;
export type ReleaseTextField = (typeof RELEASE_TEXT_FIELDS)[number];

export const RELEASE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A drawn signature is a small PNG; 300 kB of base64 is generous. */
export const RELEASE_SIGNATURE_MAX_BYTES = 300 * 1024;
export const RELEASE_MIN_AGE_YEARS = 18;
export const RELEASE_CONSENT_TTL_DAYS = 14;

export const ReleaseStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('signed'),
  Type.Literal('revoked'),
]);
export type ReleaseStatus = Static<typeof ReleaseStatus>;

/** A release as its creator sees it. ID images are URLs of an authorising route (owner, admins). */
export const ModelRelease = Type.Object({
  releaseId: Type.String(),
  /** same as releaseId, for clients that expect `id` */
  id: Type.String(),
  modelName: Type.String(),
  modelDob: Nullable(Type.String()),
  idType: Nullable(Type.String()),
  /** only the last four characters, e.g. '••••1234' */
  idNumber: Nullable(Type.String()),
  idPhotoFront: Nullable(Type.String()),
  idPhotoBack: Nullable(Type.String()),
  modelHoldingIdPhoto: Nullable(Type.String()),
  signatureDataUrl: Nullable(Type.String()),
  creatorSignatureDataUrl: Nullable(Type.String()),
  status: ReleaseStatus,
  /** the co-performer's link while the release waits for their signature */
  consentUrl: Nullable(Type.String()),
  consentExpiresAt: Nullable(Type.String()),
  signedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ModelRelease = Static<typeof ModelRelease>;

export const ReleaseResponse = Type.Object({ release: ModelRelease });
export type ReleaseResponse = Static<typeof ReleaseResponse>;

export const ReleaseListResponse = Type.Object({ releases: Type.Array(ModelRelease) });
export type ReleaseListResponse = Static<typeof ReleaseListResponse>;

export const PendingReleaseBody = Type.Object({
  modelName: Type.String({ minLength: 1, maxLength: 120 }),
  creatorSignatureDataUrl: Type.Optional(Type.String({ maxLength: 500_000 })),
});
export type PendingReleaseBody = Static<typeof PendingReleaseBody>;

export const PendingReleaseResponse = Type.Object({
  release: ModelRelease,
  consentUrl: Type.String(),
});
export type PendingReleaseResponse = Static<typeof PendingReleaseResponse>;

export const ReleaseIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type ReleaseIdParams = Static<typeof ReleaseIdParams>;

export const ReleaseFileParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  field: Type.Union([
    Type.Literal('idPhotoFront'),
    Type.Literal('idPhotoBack'),
    Type.Literal('modelHoldingIdPhoto'),
  ]),
});
export type ReleaseFileParams = Static<typeof ReleaseFileParams>;

export const ConsentTokenParams = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ConsentTokenParams = Static<typeof ConsentTokenParams>;

/** GET /releases/consent/{token}: what the co-performer is asked to sign. */
export const ConsentView = Type.Object({
  modelName: Type.String(),
  creatorName: Type.String(),
  creatorUsername: Type.String(),
  status: ReleaseStatus,
  expiresAt: Nullable(Type.String()),
  terms: Type.String(),
});
export type ConsentView = Static<typeof ConsentView>;

export const ConsentSignedResponse = Type.Object({
  status: ReleaseStatus,
  signedAt: Type.String(),
});
export type ConsentSignedResponse = Static<typeof ConsentSignedResponse>;

/** The consent text shown on the consent page and stored with every signed release. */
export const RELEASE_TERMS =
  'I confirm that I am at least 18 years old, that I appear in content recorded with the creator named above, ' +
  'and that I consent to that content being published and sold on Fanspace. The identity documents I provide ' +
  'are genuine and are kept privately by the creator and the platform for legal record-keeping. ' +
  'I may ask the creator to revoke this release for future posts at any time.';
