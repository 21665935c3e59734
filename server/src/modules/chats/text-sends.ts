import type { Db } from '../../platform/db/database.ts';
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
export interface TextSendLimits {
  /** sends per statement */
  maxBatch: number;
  /** statements running at once */
  maxRunning: number;
}

export const TEXT_SEND_LIMITS: TextSendLimits = { maxBatch: 64, maxRunning: 2 };

interface Waiting {
  message: TextMessage;
  resolve(answer: TextSent | undefined): void;
  reject(error: unknown): void;
}

/** An error PostgreSQL (or PGlite) answered the statement with: it was rolled back. */
function refusedByDatabase(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown } | null | undefined;
  return typeof e?.code === 'string' && typeof e.severity === 'string';
}

export class TextSendBatcher {
  private waiting: Waiting[] = [];
  /** chats with a send in a running statement */
  private readonly busy = new Set<string>();
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly limits: TextSendLimits = TEXT_SEND_LIMITS,
  ) {}

  /** `sendTextMessages` for one send, sharing its statement with the sends around it. */
  send(message: TextMessage): Promise<TextSent | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.waiting.length === 0 || this.running >= this.limits.maxRunning)
      return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < this.limits.maxRunning) {
        const batch = this.take();
        if (batch.length === 0) return;
        this.running++;
        void this.run(batch);
      }
    });
  }

  /** The next batch: waiting sends in arrival order, skipping (and keeping) a busy chat's. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const passed = new Set<string>();
    for (const w of this.waiting) {
      const chatId = w.message.chatId;
      if (batch.length < this.limits.maxBatch && !this.busy.has(chatId) && !passed.has(chatId))
        batch.push(w);
      else left.push(w);
      // a later send to the same chat waits behind this one, whichever way this one went
      passed.add(chatId);
    }
    this.waiting = left;
    for (const w of batch) this.busy.add(w.message.chatId);
    return batch;
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
    } finally {
      for (const w of batch) this.busy.delete(w.message.chatId);
      this.running--;
      this.schedule();
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
