import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  RELEASE_CONSENT_TTL_DAYS,
  RELEASE_TERMS,
  type ConsentSignedResponse,
  type ConsentView,
  type ModelRelease,
  type PendingReleaseBody,
  type PendingReleaseResponse,
  type ReleaseFileField,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { getDataCipher } from '../../platform/crypto/data-encryption.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { ModelReleaseRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { getFileStorage, type StoredFile } from '../../platform/storage/file-storage.ts';
import { reencodeImage } from '../../platform/storage/images.ts';
import { publicBaseUrl } from '../auth/auth.mails.ts';
import { notify } from '../notifications/notify.ts';
import {
  assertRequiredFiles,
  lastFour,
  modelName,
  modelPart,
  signatureImage,
  type ModelPart,
  type ReleaseFiles,
} from './releases.rules.ts';
import { isUuid } from '../../platform/ids.ts';

type ReleasesCtx = Pick<AppContext, 'db' | 'config'>;

const FILE_COLUMN = {
  idPhotoFront: 'id_front_key',
  idPhotoBack: 'id_back_key',
  modelHoldingIdPhoto: 'holding_id_key',
} as const satisfies Record<ReleaseFileField, keyof ModelReleaseRow>;

/** ID documents stay legible but lose EXIF/GPS (same treatment as identity verification). */
const DOCUMENT_SIZE = { width: 2400, height: 2400, fit: 'inside', quality: 90 } as const;

const releaseNotFound = () =>
  new NotFoundError('Model release not found', ErrorCodes.RELEASE_NOT_FOUND);
const consentInvalid = () =>
  new NotFoundError(
    'This consent link is invalid or has expired. Ask the creator for a new one.',
    ErrorCodes.CONSENT_LINK_INVALID,
  );

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenAad = (releaseId: string) => `release-consent:${releaseId}`;
const idNumberAad = (releaseId: string) => `release-id-number:${releaseId}`;
const consentUrlFor = (ctx: ReleasesCtx, token: string) =>
  `${publicBaseUrl(ctx.config)}/releases/consent/${token}`;

export function presentRelease(ctx: ReleasesCtx, row: ModelReleaseRow): ModelRelease {
  const file = (field: ReleaseFileField) =>
    row[FILE_COLUMN[field]] ? `/api/releases/${row.id}/files/${field}` : null;
  const consentUrl =
    row.status === 'pending' && row.consent_token_encrypted
      ? consentUrlFor(
          ctx,
          getDataCipher(ctx.config).decrypt(row.consent_token_encrypted, tokenAad(row.id)),
        )
      : null;
  return {
    releaseId: row.id,
    id: row.id,
    modelName: row.model_name,
    modelDob: row.model_dob,
    idType: row.id_type,
    idNumber: row.id_number_last4 ? `••••${row.id_number_last4}` : null,
    idPhotoFront: file('idPhotoFront'),
    idPhotoBack: file('idPhotoBack'),
    modelHoldingIdPhoto: file('modelHoldingIdPhoto'),
    signatureDataUrl: row.signature_data_url,
    creatorSignatureDataUrl: row.creator_signature_data_url,
    status: row.status,
    consentUrl,
    consentExpiresAt: consentUrl ? (row.consent_expires_at?.toISOString() ?? null) : null,
    signedAt: row.signed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Re-encodes the ID images into the private namespace; returns the columns to write. */
async function storeDocuments(
  ctx: ReleasesCtx,
  creatorId: string,
  releaseId: string,
  files: ReleaseFiles,
) {
  const storage = getFileStorage(ctx.config);
  const columns: Partial<Record<(typeof FILE_COLUMN)[ReleaseFileField], string>> = {};
  const stored: string[] = [];
  try {
    for (const [field, bytes] of Object.entries(files) as Array<[ReleaseFileField, Buffer]>) {
      const webp = await reencodeImage(bytes, DOCUMENT_SIZE);
      const key = `private/releases/${creatorId}/${releaseId}/${field}-${randomUUID()}.webp`;
      await storage.put(key, webp, 'image/webp');
      stored.push(key);
      columns[FILE_COLUMN[field]] = key;
    }
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  }
  return { columns, stored };
}

function modelColumns(ctx: ReleasesCtx, releaseId: string, model: ModelPart) {
  return {
    model_name: model.modelName,
    model_dob: model.modelDob,
    id_type: model.idType,
    id_number_encrypted: getDataCipher(ctx.config).encrypt(model.idNumber, idNumberAad(releaseId)),
    id_number_last4: lastFour(model.idNumber),
    signature_data_url: model.signature.dataUrl,
    terms: RELEASE_TERMS,
  };
}

/** POST /releases: a complete release signed in person by both people. */
export async function createRelease(
  ctx: ReleasesCtx,
  creator: UserRow,
  fields: Map<string, string>,
  files: ReleaseFiles,
): Promise<ModelRelease> {
  const model = await modelPart(fields);
  const creatorSignature = await signatureImage(
    'creatorSignatureDataUrl',
    fields.get('creatorSignatureDataUrl'),
  );
  assertRequiredFiles(files);
  const id = randomUUID();
  const { columns, stored } = await storeDocuments(ctx, creator.id, id, files);
  try {
    const row = await ctx.db
      .insertInto('model_releases')
      .values({
        id,
        creator_id: creator.id,
        status: 'signed',
        ...modelColumns(ctx, id, model),
        ...columns,
        creator_signature_data_url: creatorSignature.dataUrl,
        signed_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentRelease(ctx, row);
  } catch (error) {
    const storage = getFileStorage(ctx.config);
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

/** POST /releases/pending {modelName}: an invitation the co-performer completes by link. */
export async function createPendingRelease(
  ctx: ReleasesCtx,
  creator: UserRow,
  body: PendingReleaseBody,
): Promise<PendingReleaseResponse> {
  const name = modelName(body.modelName);
  const creatorSignature = body.creatorSignatureDataUrl
    ? await signatureImage('creatorSignatureDataUrl', body.creatorSignatureDataUrl)
    : null;
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const row = await ctx.db
    .insertInto('model_releases')
    .values({
      id,
      creator_id: creator.id,
      status: 'pending',
      model_name: name,
      creator_signature_data_url: creatorSignature?.dataUrl ?? null,
      consent_token_hash: hashToken(token),
      consent_token_encrypted: getDataCipher(ctx.config).encrypt(token, tokenAad(id)),
      consent_expires_at: new Date(Date.now() + RELEASE_CONSENT_TTL_DAYS * 86_400_000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { release: presentRelease(ctx, row), consentUrl: consentUrlFor(ctx, token) };
}

/** GET /releases/list: the creator's releases that are not revoked, newest first. */
export async function listReleases(ctx: ReleasesCtx, creatorId: string) {
  const rows = await ctx.db
    .selectFrom('model_releases')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('status', '!=', 'revoked')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return { releases: rows.map((row) => presentRelease(ctx, row)) };
}

/**
 * DELETE /releases/{id}: revokes the release. Posts can no longer name it and its consent link
 * stops working; the signed record and documents are kept for legal record-keeping.
 * Idempotent: revoking a revoked release succeeds again.
 */
export async function revokeRelease(ctx: ReleasesCtx, creatorId: string, releaseId: string) {
  const row = await ctx.db
    .updateTable('model_releases')
    .set((eb) => ({
      status: 'revoked',
      revoked_at: eb.fn.coalesce('revoked_at', eb.val(new Date())),
      consent_token_hash: null,
      consent_token_encrypted: null,
      updated_at: new Date(),
    }))
    .where('id', '=', releaseId)
    .where('creator_id', '=', creatorId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw releaseNotFound();
  return { ok: true as const, message: 'Model release revoked' };
}

/** An ID image, for the release's creator and admins only; anyone else gets a 404. */
export async function openReleaseFile(
  ctx: ReleasesCtx,
  viewer: UserRow,
  releaseId: string,
  field: ReleaseFileField,
): Promise<StoredFile> {
  const row = await ctx.db
    .selectFrom('model_releases')
    .select(['creator_id', FILE_COLUMN[field]])
    .where('id', '=', releaseId)
    .executeTakeFirst();
  if (!row || (row.creator_id !== viewer.id && !viewer.is_admin)) throw releaseNotFound();
  const key = (row as Record<string, string | null>)[FILE_COLUMN[field]];
  const file = key ? await getFileStorage(ctx.config).stream(key) : null;
  if (!file) throw new NotFoundError('File not found', ErrorCodes.NOT_FOUND);
  return file;
}

async function releaseForToken(db: DbHandle, token: string, lock = false) {
  let query = db
    .selectFrom('model_releases as r')
    .innerJoin('users as u', 'u.id', 'r.creator_id')
    .selectAll('r')
    .select(['u.display_name as creator_name', 'u.username as creator_username'])
    .where('r.consent_token_hash', '=', hashToken(token));
  if (lock) query = query.forUpdate('r');
  return query.executeTakeFirst();
}

const isOpen = (row: Pick<ModelReleaseRow, 'status' | 'consent_expires_at'>, now = new Date()) =>
  row.status === 'pending' &&
  row.consent_expires_at !== null &&
  row.consent_expires_at.getTime() > now.getTime();

/** GET /releases/consent/{token}: what the co-performer is asked to sign (no account needed). */
export async function getConsent(ctx: ReleasesCtx, token: string): Promise<ConsentView> {
  const row = await releaseForToken(ctx.db, token);
  if (!row || (row.status === 'pending' && !isOpen(row))) throw consentInvalid();
  return {
    modelName: row.model_name,
    creatorName: row.creator_name ?? row.creator_username,
    creatorUsername: row.creator_username,
    status: row.status,
    expiresAt: row.status === 'pending' ? (row.consent_expires_at?.toISOString() ?? null) : null,
    terms: row.terms ?? RELEASE_TERMS,
  };
}

/**
 * POST /releases/consent/{token}: the co-performer's documents and signature. The link works
 * once: the row is locked, must still be pending and unexpired, and becomes signed.
 */
export async function signConsent(
  ctx: Pick<AppContext, 'db' | 'config'>,
  token: string,
  fields: Map<string, string>,
  files: ReleaseFiles,
): Promise<ConsentSignedResponse> {
  const before = await releaseForToken(ctx.db, token);
  if (!before || !isOpen(before)) throw consentInvalid();
  const model = await modelPart(fields);
  assertRequiredFiles(files);
  const { columns, stored } = await storeDocuments(ctx, before.creator_id, before.id, files);
  try {
    const signed = await withTransaction(ctx.db, async (tx) => {
      const row = await releaseForToken(tx, token, true);
      if (!row || !isOpen(row))
        throw new AppError(409, ErrorCodes.CONFLICT, 'This release has already been signed');
      const signedAt = new Date();
      await tx
        .updateTable('model_releases')
        .set({
          status: 'signed',
          ...modelColumns(ctx, row.id, model),
          ...columns,
          signed_at: signedAt,
          consent_token_encrypted: null,
          updated_at: signedAt,
        })
        .where('id', '=', row.id)
        .execute();
      await notify(tx, {
        userId: row.creator_id,
        type: 'system',
        relatedId: row.id,
        relatedType: 'model_release',
        data: {
          message: `${model.modelName} signed your model release`,
          modelName: model.modelName,
        },
      });
      return signedAt;
    });
    return { status: 'signed', signedAt: signed.toISOString() };
  } catch (error) {
    const storage = getFileStorage(ctx.config);
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

/**
 * Posts may only name the author's own signed releases (issue 9: a post naming a revoked or
 * unsigned release cannot be published). Returns the ids, de-duplicated.
 */
export async function assertReleasesUsable(
  db: DbHandle,
  creatorId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const valid = unique.filter(isUuid);
  const rows =
    valid.length > 0
      ? await db
          .selectFrom('model_releases')
          .select(['id', 'status'])
          .where('creator_id', '=', creatorId)
          .where('id', 'in', valid)
          .execute()
      : [];
  const status = new Map(rows.map((r) => [r.id, r.status] as const));
  for (const id of unique) {
    const state = status.get(id);
    if (!state)
      throw new BadRequestError(`Model release ${id} was not found`, ErrorCodes.RELEASE_NOT_FOUND, {
        field: 'modelReleaseIds',
      });
    if (state !== 'signed')
      throw new BadRequestError(
        state === 'revoked'
          ? `Model release ${id} has been revoked`
          : `Model release ${id} is not signed yet`,
        ErrorCodes.RELEASE_NOT_SIGNED,
        { field: 'modelReleaseIds' },
      );
  }
  return unique;
}
