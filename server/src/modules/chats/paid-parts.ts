import {
  CHAT_PRICE_CENTS,
  CHAT_TIP_CENTS,
  ErrorCodes,
  OFFER_DEFAULT_HOURS,
  ONLY_CREATORS_LOCKED_MESSAGE,
  type LockedContentInput,
  type SendMessageBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { amountToCents } from '../ledger/money.ts';
import { getOwnedMedia } from '../media/media.service.ts';
import { payableCreator } from '../payments/tips.service.ts';
import { mediaIdFromUrl } from '../posts/posts.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { featureEnabled } from '../../platform/settings.ts';
import { assertTipsEnabled } from '../payments/tips.service.ts';

/**
 * The rules of a message's paid parts (SPEC §7 POST /chats/{chatId}/messages): locked content
 * (creators only, 3.00–200.00, at least one sold item, an optional teaser), a chat tip to a
 * creator (1.00–200.00), an offer (free or priced by a creator, pending until answered or
 * expired) and a content request to a creator (free or priced). Checked before anything is
 * stored; the charges happen in the send transaction (messages.service) or on unlock/accept
 * (message-payments.service).
 */

export type PaidCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'bus' | 'log'>;

export interface PaidParts {
  lockedCents: number | null;
  teaser: MediaItemRow | null;
  teaserText: string | null;
  tipCents: number | null;
  offer: Record<string, unknown> | null;
  contentRequest: Record<string, unknown> | null;
}

export const NO_PAID_PARTS: PaidParts = {
  lockedCents: null,
  teaser: null,
  teaserText: null,
  tipCents: null,
  offer: null,
  contentRequest: null,
};

const field = (name: string, message: string, code: string = ErrorCodes.VALIDATION_FAILED) =>
  new BadRequestError(message, code as typeof ErrorCodes.VALIDATION_FAILED, { field: name });

const present = <T>(value: T | null | undefined): value is T =>
  value !== undefined && value !== null;

export async function isCreator(db: DbHandle, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('account_type')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.account_type === 'creator';
}

/** The receiver of money must be a creator the payer may pay (not blocked, active). */
async function creatorReceiver(db: DbHandle, payerId: string, others: string[], name: string) {
  const receiver = others[0];
  if (!receiver) throw field(name, 'This chat has no receiver');
  try {
    await payableCreator(db, payerId, receiver);
  } catch (err) {
    if (err instanceof BadRequestError)
      throw field(name, `${name} can only be sent to a creator`, ErrorCodes.RECIPIENT_NOT_CREATOR);
    throw err;
  }
  return receiver;
}

/** A locked message's teaser: a vault item of the sender (image or video), by id or URL. */
export async function readTeaser(
  ctx: Pick<AppContext, 'db' | 'config'>,
  senderId: string,
  locked: LockedContentInput,
): Promise<MediaItemRow | null> {
  let id: string | null = null;
  if (locked.teaserMediaId) id = locked.teaserMediaId.toLowerCase();
  else if (locked.teaserImageUrl)
    id = mediaIdFromUrl(
      'lockedContent.teaserImageUrl',
      locked.teaserImageUrl,
      ctx.config.PUBLIC_URL,
    );
  else if (locked.teaserVideoUrl)
    id = mediaIdFromUrl(
      'lockedContent.teaserVideoUrl',
      locked.teaserVideoUrl,
      ctx.config.PUBLIC_URL,
    );
  if (!id) return null;
  const [item] = await getOwnedMedia(ctx.db, senderId, [id]);
  if (item!.media_type !== 'image' && item!.media_type !== 'video')
    throw field('lockedContent.teaser', 'A teaser must be an image or a video');
  return item!;
}

/** Price and teaser of locked content; the sold items are the message's media. */
export async function readLocked(
  ctx: Pick<AppContext, 'db' | 'config'>,
  senderId: string,
  locked: LockedContentInput,
) {
  if (!(await isCreator(ctx.db, senderId)))
    throw new ForbiddenError(ErrorCodes.ONLY_CREATORS, ONLY_CREATORS_LOCKED_MESSAGE);
  if (typeof locked.price !== 'number')
    throw field('lockedContent.price', 'lockedContent.price is required');
  const cents = amountToCents(
    'lockedContent.price',
    locked.price,
    CHAT_PRICE_CENTS.min,
    CHAT_PRICE_CENTS.max,
  );
  const teaser = await readTeaser(ctx, senderId, locked);
  const teaserText = cleanText(locked.teaserText ?? '').trim();
  return { cents, teaser, teaserText: teaserText === '' ? null : teaserText };
}

function futureDate(name: string, value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() <= Date.now())
    throw field(name, `${name} must be in the future`);
  return date;
}

export async function readPaidParts(
  ctx: PaidCtx,
  senderId: string,
  others: string[],
  body: SendMessageBody,
): Promise<PaidParts> {
  const parts: PaidParts = { ...NO_PAID_PARTS };
  const exclusive = (['lockedContent', 'offerDetails', 'contentRequestDetails'] as const).filter(
    (name) => present(body[name]),
  );
  if (exclusive.length > 1)
    throw field(
      exclusive[1]!,
      'A message carries at most one of lockedContent, offerDetails and contentRequestDetails',
    );

  if (present(body.lockedContent)) {
    if (!(await featureEnabled(ctx.db, 'paidMessages')))
      throw new ForbiddenError(
        ErrorCodes.FEATURE_UNAVAILABLE,
        'Locked messages are switched off on this server',
      );
    const locked = await readLocked(ctx, senderId, body.lockedContent);
    parts.lockedCents = locked.cents;
    parts.teaser = locked.teaser;
    parts.teaserText = locked.teaserText;
  }

  // 0 means "no tip" (a form's empty tip field), like an absent one
  if (present(body.tipAmount) && body.tipAmount !== 0) {
    await assertTipsEnabled(ctx.db);
    parts.tipCents = amountToCents(
      'tipAmount',
      body.tipAmount,
      CHAT_TIP_CENTS.min,
      CHAT_TIP_CENTS.max,
    );
    await creatorReceiver(ctx.db, senderId, others, 'tipAmount');
  }

  if (present(body.offerDetails)) {
    const offer = body.offerDetails;
    const priceCents =
      present(offer.price) && offer.price !== 0
        ? amountToCents(
            'offerDetails.price',
            offer.price,
            CHAT_PRICE_CENTS.min,
            CHAT_PRICE_CENTS.max,
          )
        : null;
    // the one who accepts pays the sender, so a priced offer comes from a creator
    if (priceCents !== null && !(await isCreator(ctx.db, senderId)))
      throw new ForbiddenError(ErrorCodes.ONLY_CREATORS, 'Only creators can send paid offers');
    const expiresAt = offer.expiresAt
      ? futureDate('offerDetails.expiresAt', offer.expiresAt)
      : new Date(Date.now() + (offer.expiresInHours ?? OFFER_DEFAULT_HOURS) * 3_600_000);
    const title = cleanText(offer.title ?? '').trim();
    const description = cleanText(offer.description ?? '').trim();
    if (title === '' && description === '')
      throw field('offerDetails.title', 'An offer needs a title or a description');
    parts.offer = {
      title,
      description,
      priceCents,
      expiresAt: expiresAt.toISOString(),
      respondedAt: null,
      transactionId: null,
    };
  }

  if (present(body.contentRequestDetails)) {
    const request = body.contentRequestDetails;
    await creatorReceiver(ctx.db, senderId, others, 'contentRequestDetails');
    const description = cleanText(request.description ?? '').trim();
    if (description === '')
      throw field('contentRequestDetails.description', 'Describe the content you request');
    const priceCents =
      present(request.price) && request.price !== 0
        ? amountToCents(
            'contentRequestDetails.price',
            request.price,
            CHAT_PRICE_CENTS.min,
            CHAT_PRICE_CENTS.max,
          )
        : null;
    parts.contentRequest = {
      description,
      priceCents,
      deadline: request.deadline
        ? futureDate('contentRequestDetails.deadline', request.deadline).toISOString()
        : null,
      note: '',
      deliveredMessageId: null,
      respondedAt: null,
    };
  }
  return parts;
}
