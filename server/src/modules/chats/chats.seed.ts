import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import type { DemoIds } from '../../seed/demo.ts';
import { openChat } from './chats.service.ts';
import { insertMessage } from './messages.service.ts';
import { NO_PAID_PARTS, type PaidParts } from './paid-parts.ts';

/**
 * A demo conversation between the demo fan and the first creator, written through the real
 * chat services (unread counts, last message, notifications): a few messages and a locked
 * photo the fan can unlock from their wallet.
 */
export async function seedChats(db: DbHandle, ids: DemoIds, ctx: AppContext) {
  assertInTransaction(db); // seed steps run inside the seed transaction
  const tx = db as Tx;
  const inSeed = { ...ctx, db: tx } as unknown as AppContext;
  const { body } = await openChat(inSeed, { id: ids.fan, sessionId: 'demo-seed' }, ids.creator);
  const chatId = body.chat.id;
  const say = (
    senderId: string,
    text: string,
    paid: PaidParts = NO_PAID_PARTS,
    items: MediaItemRow[] = [],
  ) =>
    insertMessage(inSeed, tx, {
      chatId,
      senderId,
      others: [senderId === ids.fan ? ids.creator : ids.fan],
      text,
      quotedId: null,
      media: { image: null, video: null, voice: null, items },
      voiceDuration: null,
      paid,
    });
  await say(ids.fan, 'Hi Maya! That golden hour set was stunning.');
  await say(ids.creator, 'Thank you Sam! I kept a few shots from that evening just for chats.');
  const photo = await tx
    .selectFrom('media_items')
    .selectAll()
    .where('owner_id', '=', ids.creator)
    .where('media_type', '=', 'image')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (photo)
    await say(
      ids.creator,
      'Here is one of them, unlock it if you like it.',
      { ...NO_PAID_PARTS, lockedCents: 500, teaserText: 'Sunset from the cliff' },
      [photo],
    );
}
