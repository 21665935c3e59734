import type { Db } from '../../platform/db/database.ts';
import { refusedByDatabase } from '../../platform/db/errors.ts';
import { TurnBatches, type TurnBatchLimits } from '../../platform/batching/turn-batches.ts';
import { sendTextMessages, type TextMessage, type TextSent } from './send.queries.ts';

/**
 * Group commit of plain text sends (docs/PERFORMANCE.md "Group commit of text sends"). A send
 * waits for the end of the event-loop turn it arrived in (`setImmediate`); then the sends that
 * arrived meanwhile, at most one per chat and `maxBatch` in all, go out as ONE statement
 * (`sendTextMessages`: checks, locks in chat id order and writes for all of them), so N messages
 * cost one round trip, one commit and one WAL flush instead of N. Each send still gets its own
 * answer (its checks, its row), from which the caller draws the same refusals and effects as
 * before.
 *
 * Order within a chat: a chat with a send in a running statement takes no further send until
 * that statement has returned (committed), and sends wait in arrival order, so a chat's messages
 * are written in the order they arrived, each in a later transaction than the one before.
 *
 * At most `maxRunning` statements run at once; sends arriving meanwhile gather for the next one,
 * which is what makes the batches grow with the load (and keeps a few pool connections free for
 * everything else).
 *
 * A statement PostgreSQL refuses (an error with a SQLSTATE: nothing of it was written) is retried
 * send by send, each in a statement of its own, so one bad send cannot fail the others. Any
 * other failure (a lost connection: the outcome is unknown) fails the batch's sends, as it
 * would have failed each of them alone.
 */

export const TEXT_SEND_LIMITS: TurnBatchLimits = { maxBatch: 64, maxRunning: 2 };

interface Waiting {
  message: TextMessage;
  resolve(answer: TextSent | undefined): void;
  reject(error: unknown): void;
}

export class TextSendBatcher {
  private readonly batches: TurnBatches<Waiting>;

  constructor(
    private readonly db: Db,
    limits: TurnBatchLimits = TEXT_SEND_LIMITS,
  ) {
    // one send per chat per statement: a chat's messages are written in arrival order
    this.batches = new TurnBatches(
      (w) => w.message.chatId,
      limits,
      (batch) => this.run(batch),
    );
  }

  /** `sendTextMessages` for one send, sharing its statement with the sends around it. */
  send(message: TextMessage): Promise<TextSent | undefined> {
    return new Promise((resolve, reject) => this.batches.add({ message, resolve, reject }));
  }

  private async run(batch: Waiting[]) {
    try {
      const answers = await sendTextMessages(
        this.db,
        batch.map((w) => w.message),
      );
      batch.forEach((w, i) => w.resolve(answers[i]));
    } catch (error) {
      if (batch.length > 1 && refusedByDatabase(error))
        await Promise.all(batch.map(alone(this.db)));
      else for (const w of batch) w.reject(error);
    }
  }
}

/** One send in a statement of its own, answering its own waiter. */
const alone = (db: Db) => async (w: Waiting) => {
  try {
    const [answer] = await sendTextMessages(db, [w.message]);
    w.resolve(answer);
  } catch (error) {
    w.reject(error);
  }
};

/** One batcher per database (per process): the root handle is what the sends share. */
const batchers = new WeakMap<Db, TextSendBatcher>();

export function textSends(db: Db): TextSendBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new TextSendBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
