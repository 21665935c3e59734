import type { MediaAccessResolver } from '../media/media.service.ts';

/**
 * Media sent in a chat may be fetched by the chat's participants while the message is live.
 * A locked message's items open only to its sender and to participants who bought it; its
 * teaser opens to every participant. Asked on every fetch: deleting the message (which drops
 * its media links) closes even URLs handed out before.
 */
export const chatMediaAccess: MediaAccessResolver = async (db, viewer, mediaId) => {
  if (!viewer) return false;
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('chat_participants as cp', 'cp.chat_id', 'm.chat_id')
    .select('m.id')
    .where('cp.user_id', '=', viewer.userId)
    .where('m.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('m.teaser_media_id', '=', mediaId),
        eb.and([
          eb.or([
            eb('m.image_media_id', '=', mediaId),
            eb('m.video_media_id', '=', mediaId),
            eb('m.voice_media_id', '=', mediaId),
            eb.exists(
              eb
                .selectFrom('message_media as mm')
                .select('mm.message_id')
                .whereRef('mm.message_id', '=', 'm.id')
                .where('mm.media_id', '=', mediaId),
            ),
          ]),
          eb.or([
            eb('m.locked_price_cents', 'is', null),
            eb('m.sender_id', '=', viewer.userId),
            eb.exists(
              eb
                .selectFrom('message_purchases as mp')
                .select('mp.id')
                .whereRef('mp.message_id', '=', 'm.id')
                .where('mp.buyer_id', '=', viewer.userId)
                .where('mp.reason', '=', 'unlock'),
            ),
          ]),
        ]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};
