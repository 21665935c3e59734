import { ACCOUNT_DELETE_CONFIRMATION, ErrorCodes, type DeleteMeBody } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { revokeSessions } from '../../platform/auth/sessions.ts';
import { sql } from 'kysely';
import { onCommit, withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { revokeSessionSocketsAfterCommit } from '../../platform/realtime/publish.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { keyFromPublicUrl } from '../../platform/storage/keys.ts';
import { MEDIA_PURGE_OWNER_JOB } from '../media/media-vault.service.ts';
import { lockUser, updateUser } from './users.queries.ts';

type DeletionCtx = Pick<AppContext, 'db' | 'config' | 'bus' | 'log' | 'jobs'>;

/** Not an argon2 hash, so no password ever verifies against a deleted account. */
const DELETED_PASSWORD_HASH = '!deleted';

/**
 * The anonymised identity of a deleted account. The full id (hex) keeps both unique without a
 * retry loop, and at 40 characters the username can never collide with a chosen one (max 30).
 */
export function anonymisedIdentity(userId: string) {
  const hex = userId.replace(/-/g, '');
  return { username: `deleted_${hex}`, email: `deleted+${hex}@invalid` };
}

/** The caller proves intent with the current password or the literal confirmation word. */
async function assertConfirmed(user: UserRow, body: DeleteMeBody | undefined) {
  if (body?.password !== undefined && body.password !== '') {
    if (!(await verifyPassword(user.password_hash, body.password)))
      // 400, not 401: the client logs out on any 401 (SPEC §8)
      throw new BadRequestError('Password is incorrect', ErrorCodes.INVALID_CREDENTIALS, {
        field: 'password',
      });
    return;
  }
  if (body?.confirmation === ACCOUNT_DELETE_CONFIRMATION) return;
  throw new BadRequestError(
    `Confirm the deletion with your password or confirmation: "${ACCOUNT_DELETE_CONFIRMATION}"`,
    ErrorCodes.VALIDATION_FAILED,
    { field: 'password' },
  );
}

/**
 * The personal text of the newer families, removed or anonymised in the deletion's transaction:
 * what the user wrote for themselves goes (creator notes, templates, automation rules, Q and A,
 * feedback and contact messages, tax documents: their files are returned for removal after
 * commit); what others still rely on stays without the person (wishlist items and suggestions
 * lose their text or author, rights notices their claimant details, support tickets are closed
 * with the user's messages blanked, pending collaborations declined, promotions ended). Ledger
 * lines and the rows they point at (fundings, redemptions, splits) stay: money history is kept,
 * linked to the anonymised account.
 */
async function eraseFamilies(
  tx: DbHandle,
  userId: string,
  identity: { username: string; email: string },
): Promise<string[]> {
  const now = new Date();
  await tx.deleteFrom('creator_notes').where('creator_id', '=', userId).execute();
  await tx.deleteFrom('creator_templates').where('user_id', '=', userId).execute();
  await tx.deleteFrom('automation_rules').where('user_id', '=', userId).execute();
  await tx.deleteFrom('qanda_items').where('creator_id', '=', userId).execute();
  await tx.deleteFrom('site_feedback').where('user_id', '=', userId).execute();
  await tx.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
  // the referral link stops working; who referred whom and the referral earnings stay (money)
  await tx.deleteFrom('referral_codes').where('user_id', '=', userId).execute();
  const taxFiles = await tx
    .deleteFrom('tax_documents')
    .where('user_id', '=', userId)
    .returning('storage_key')
    .execute();
  await tx
    .updateTable('wishlist_items')
    .set({
      title: 'Deleted item',
      description: '',
      image_url: null,
      deleted_at: sql`coalesce(deleted_at, ${now})`,
      updated_at: now,
    })
    .where('creator_id', '=', userId)
    .execute();
  await tx
    .updateTable('suggestions')
    .set({ user_id: null })
    .where('user_id', '=', userId)
    .execute();
  await tx
    .updateTable('dmca_notices')
    .set({
      user_id: null,
      claimant_name: DELETED_TEXT,
      email: identity.email,
      signature: DELETED_TEXT,
      ip: null,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
  await tx
    .updateTable('support_ticket_messages')
    .set({ body: DELETED_TEXT })
    .where('from_staff', '=', false)
    .where('ticket_id', 'in', (eb) =>
      eb.selectFrom('support_tickets').select('id').where('user_id', '=', userId),
    )
    .execute();
  await tx
    .updateTable('support_tickets')
    .set({ subject: DELETED_TEXT, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await tx
    .updateTable('support_tickets')
    .set({ status: 'closed', closed_at: now, close_reason: 'Account deleted' })
    .where('user_id', '=', userId)
    .where('status', '!=', 'closed')
    .execute();
  await tx
    .updateTable('collaborations')
    .set({ status: 'declined', responded_at: now })
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('collaborator_id', '=', userId)]))
    .execute();
  for (const table of ['promotions', 'promo_codes'] as const)
    await tx
      .updateTable(table)
      .set({ ended_at: now })
      .where('creator_id', '=', userId)
      .where('ended_at', 'is', null)
      .execute();
  return taxFiles.map((f) => f.storage_key);
}

const DELETED_TEXT = '[deleted]';

/**
 * DELETE /users/me (SPEC §4 Account deletion): a soft delete that keeps the row (foreign keys,
 * ledgers) but removes everything personal: identity anonymised, profile, links and settings
 * cleared, payout details and identity documents erased, waitlist entry removed, every session
 * revoked (open sockets closed). Files go after commit, so a rollback loses nothing.
 */
export async function deleteAccount(
  ctx: DeletionCtx,
  userId: string,
  body: DeleteMeBody | undefined,
): Promise<void> {
  const storage = getFileStorage(ctx.config);
  await withTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.deleted_at) throw new NotFoundError('User not found');
    await assertConfirmed(user, body);

    const documents = await tx
      .selectFrom('identity_verifications')
      .select(['id_front_key', 'id_back_key', 'selfie_key'])
      .where('user_id', '=', userId)
      .execute();
    await tx
      .updateTable('identity_verifications')
      .set({ id_front_key: null, id_back_key: null, selfie_key: null })
      .where('user_id', '=', userId)
      .execute();
    // a pending submission would otherwise wait in the admin queue for an account that is gone
    await tx
      .updateTable('identity_verifications')
      .set({ status: 'rejected', rejection_reason: 'Account deleted', reviewed_at: new Date() })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    const fileKeys: Array<string | null> = [
      keyFromPublicUrl(user.avatar_url),
      keyFromPublicUrl(user.banner_url),
      ...documents.flatMap((d) => [d.id_front_key, d.id_back_key, d.selfie_key]),
    ];

    const identity = anonymisedIdentity(userId);
    await updateUser(tx, userId, {
      ...identity,
      password_hash: DELETED_PASSWORD_HASH,
      status: 'deleted',
      deleted_at: new Date(),
      display_name: null,
      bio: '',
      avatar_url: null,
      banner_url: null,
      phone_number: null,
      phone_verified_at: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      preferences: '{}',
      privacy: '{}',
      profile: '{}',
      social_links: '[]',
      subscription_price_cents: 0,
      creator_update_text: null,
      creator_update_image_url: null,
      creator_update_at: null,
      beta_access_at: null,
    });
    // the vault goes with the account: hidden at once, files removed by the purge job
    await tx
      .updateTable('media_items')
      .set({ deleted_at: new Date() })
      .where('owner_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    await ctx.jobs.enqueue(
      tx,
      MEDIA_PURGE_OWNER_JOB,
      { ownerId: userId },
      { dedupeKey: `media-purge-owner:${userId}` },
    );
    fileKeys.push(...(await eraseFamilies(tx, userId, identity)));
    // data exports are zips of everything personal: they go now, not when they would expire
    for (const table of ['data_exports', 'data_imports'] as const) {
      const rows = await tx
        .deleteFrom(table)
        .where('user_id', '=', userId)
        .returning('storage_key')
        .execute();
      fileKeys.push(...rows.map((r) => r.storage_key));
    }
    // a deletion scheduled for later is done now (its job then finds nothing left to do)
    await tx
      .updateTable('account_deletion_requests')
      .set({ status: 'completed', completed_at: new Date() })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    await tx.deleteFrom('payout_settings').where('user_id', '=', userId).execute();
    await tx.deleteFrom('user_beta_features').where('user_id', '=', userId).execute();
    await tx.deleteFrom('waitlist_entries').where('email', '=', user.email).execute();
    const sessionIds = await revokeSessions(tx, { userId });
    revokeSessionSocketsAfterCommit(ctx, tx, sessionIds);

    onCommit(tx, async () => {
      for (const key of fileKeys) if (key) await storage.delete(key);
    });
  });
}
