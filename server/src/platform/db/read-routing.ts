import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import type { BusSignal, EventBus } from '../realtime/types.ts';

/**
 * Which database a lag-tolerant read goes to (docs/OPERATIONS.md "Read replicas").
 *
 * Read-your-writes: a signed-in user who wrote (any non-GET request of theirs, see
 * http/read-your-writes.ts) reads from the primary for `stickyMs` (DATABASE_READ_STICKY_MS,
 * 3 s by default), so the page they load next shows their like, comment or post even while the
 * replica is behind. Visitors and users who have not written lately read from the replica.
 *
 * The mark lives in each process's memory: the process that took the write sets it at once,
 * and a bus signal (Redis pub/sub with REDIS_URL) tells the others, which set it on receipt.
 * No GET pays a Redis round trip; a user who keeps writing signals at most about once per half
 * window (each signal covers 1.5 windows). Marks carry a duration, not a time, so the
 * processes' clocks need not agree.
 */

/** The bus signal carrying "this user wrote: read from the primary for forMs". */
export const READ_STICKY_SIGNAL = 'db.read-sticky';
/**
 * How long a write's response waits for Redis to take the signal. Normally a fraction of a
 * millisecond; while Redis is unreachable ioredis would hold the command for its retries, and
 * a write must not wait seconds for a hint about later reads.
 */
export const SIGNAL_WAIT_MS = 200;

export interface ReadRoutingOptions {
  /** false when no replica is configured: nothing is marked or signalled */
  enabled: boolean;
  stickyMs: number;
  /** the bus of a multi-process setup; without one, marks stay in this process */
  bus?: EventBus | undefined;
  log?: Pick<Logger, 'warn'>;
  now?: () => number;
}

interface Mark {
  /** reads of this user go to the primary until then */
  until: number;
  /** what the other processes were last told (their mark lasts until about then) */
  signalledUntil: number;
}

export class ReadRouting {
  private readonly marks = new Map<string, Mark>();
  private readonly now: () => number;
  private lastSweep = 0;

  constructor(private readonly options: ReadRoutingOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled() {
    return this.options.enabled && this.options.stickyMs > 0;
  }

  /** Whether `userId` must read from the primary now (they wrote within the window). */
  sticky(userId: string | null): boolean {
    if (userId === null || !this.enabled) return false;
    const mark = this.marks.get(userId);
    if (!mark) return false;
    if (mark.until > this.now()) return true;
    if (mark.signalledUntil <= this.now()) this.marks.delete(userId);
    return false;
  }

  /**
   * `userId` wrote: this process routes their reads to the primary for the window at once; the
   * returned promise settles once the other processes have been told (when they need to be).
   */
  async wrote(userId: string): Promise<void> {
    if (!this.enabled) return;
    const now = this.now();
    const { stickyMs, bus } = this.options;
    const until = now + stickyMs;
    const mark = this.marks.get(userId) ?? { until, signalledUntil: 0 };
    mark.until = Math.max(mark.until, until);
    this.marks.set(userId, mark);
    this.sweep(now);
    // the others' mark still covers this write's window: no need to tell them again
    if (!bus || mark.signalledUntil >= until) return;
    const forMs = Math.round(stickyMs * 1.5);
    mark.signalledUntil = now + forMs;
    const sent = bus.signal({ name: READ_STICKY_SIGNAL, data: { userId, forMs } }).catch((err) => {
      // another process may then serve this user from the replica within the window: they see
      // data as old as the replica's lag, never an error
      mark.signalledUntil = 0;
      this.options.log?.warn({ err }, 'read-your-writes signal failed');
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SIGNAL_WAIT_MS);
    });
    await Promise.race([sent, late]);
    clearTimeout(timer);
  }

  /** Another process (or this one, echoed by Redis) says a user wrote. */
  heard(signal: BusSignal) {
    if (signal.name !== READ_STICKY_SIGNAL || !this.enabled) return;
    const { userId, forMs } = signal.data;
    if (typeof userId !== 'string' || typeof forMs !== 'number' || !(forMs > 0)) return;
    const now = this.now();
    // a sender's window is capped by ours: a bad message cannot pin a user to the primary
    const until = now + Math.min(forMs, this.options.stickyMs * 1.5);
    const mark = this.marks.get(userId) ?? { until, signalledUntil: 0 };
    mark.until = Math.max(mark.until, until);
    this.marks.set(userId, mark);
    this.sweep(now);
  }

  /** Listens to the other processes' signals; returns the unsubscribe. */
  listen(bus: EventBus): () => void {
    if (!this.enabled) return () => undefined;
    return bus.onSignal((signal) => this.heard(signal));
  }

  /** users marked now (tests, diagnostics) */
  get size() {
    return this.marks.size;
  }

  /** Drops lapsed marks, at most once per window: the map holds only recent writers. */
  private sweep(now: number) {
    if (now - this.lastSweep < this.options.stickyMs) return;
    this.lastSweep = now;
    for (const [userId, mark] of this.marks)
      if (mark.until <= now && mark.signalledUntil <= now) this.marks.delete(userId);
  }
}

const replicaContexts = new WeakMap<AppContext, AppContext>();

/**
 * The context a read-only, lag-tolerant request of `viewerId` runs its reads on: one whose `db`
 * is the replica, or `ctx` itself when there is no replica or the viewer wrote within the
 * window. Only for statements that never write, lock or feed a write decision: a route that
 * also writes (a profile view counted) keeps using `ctx.db` for that.
 */
export function readContext(ctx: AppContext, viewerId: string | null): AppContext {
  if (ctx.readDb === ctx.db || ctx.reads.sticky(viewerId)) return ctx;
  let onReplica = replicaContexts.get(ctx);
  if (!onReplica) {
    onReplica = { ...ctx, db: ctx.readDb };
    replicaContexts.set(ctx, onReplica);
  }
  return onReplica;
}
