import type { WaitlistPosition, WaitlistSignupResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { findEntryId, insertEntry, positionOf } from './waitlist.queries.ts';

type WaitlistCtx = Pick<AppContext, 'db'>;

/**
 * Joining is idempotent per email (citext, so case does not matter): a repeat returns the
 * original place in the queue and keeps the first userType.
 */
export async function joinWaitlist(
  ctx: WaitlistCtx,
  rawEmail: string,
  userType: 'fan' | 'creator',
): Promise<WaitlistSignupResponse> {
  const email = rawEmail.trim();
  const insertedId = await insertEntry(ctx.db, email, userType);
  const id = insertedId ?? (await findEntryId(ctx.db, email));
  // a concurrent delete between the two statements is the only way to get here
  if (id === undefined) throw new NotFoundError('This email is not on the waitlist');
  const place = await positionOf(ctx.db, id);
  const alreadyJoined = insertedId === undefined;
  return {
    ...place,
    alreadyJoined,
    message: alreadyJoined ? "You're already on the waitlist" : "You're on the waitlist!",
  };
}

export async function getWaitlistPosition(
  ctx: WaitlistCtx,
  rawEmail: string,
): Promise<WaitlistPosition> {
  const id = await findEntryId(ctx.db, rawEmail.trim());
  if (id === undefined) throw new NotFoundError('This email is not on the waitlist');
  return positionOf(ctx.db, id);
}
