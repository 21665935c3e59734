/**
 * Group commit's scheduling, shared by the chat's text sends and the money requests: work
 * items wait for the end of the event-loop turn they arrived in (`setImmediate`); then the
 * items that arrived meanwhile go out as one batch – at most one per key (a chat, a payer) and
 * `maxBatch` in all, skipping keys with an item in a running batch – and at most `maxRunning`
 * batches run at once. Items arriving meanwhile gather for the next batch, so batches grow with
 * the load. A key's items run in arrival order, each batch after the one before it.
 */
export interface TurnBatchLimits {
  /** items per batch */
  maxBatch: number;
  /** batches running at once */
  maxRunning: number;
}

export class TurnBatches<W> {
  private waiting: W[] = [];
  /** keys with an item in a running batch */
  private readonly busy = new Set<string>();
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly keyOf: (item: W) => string,
    private readonly limits: TurnBatchLimits,
    /** runs one batch; must not throw (each item answers its own waiter) */
    private readonly runBatch: (batch: W[]) => Promise<void>,
  ) {}

  add(item: W) {
    this.waiting.push(item);
    this.schedule();
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

  /** The next batch: waiting items in arrival order, one per key, a busy key's kept. */
  private take(): W[] {
    const batch: W[] = [];
    const left: W[] = [];
    const passed = new Set<string>();
    for (const item of this.waiting) {
      const key = this.keyOf(item);
      if (batch.length < this.limits.maxBatch && !this.busy.has(key) && !passed.has(key))
        batch.push(item);
      else left.push(item);
      // a later item of the same key waits behind this one, whichever way this one went
      passed.add(key);
    }
    this.waiting = left;
    for (const item of batch) this.busy.add(this.keyOf(item));
    return batch;
  }

  private async run(batch: W[]) {
    try {
      await this.runBatch(batch);
    } finally {
      for (const item of batch) this.busy.delete(this.keyOf(item));
      this.running--;
      this.schedule();
    }
  }
}
