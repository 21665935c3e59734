import pino, { type Logger } from 'pino';
import { Writable } from 'node:stream';
import type { Config } from './config.ts';

export interface LogRecord {
  level: number;
  time: number;
  msg?: string;
  [key: string]: unknown;
}

/**
 * A bounded in-memory ring of recent structured log lines; the admin "system logs" section
 * reads it. Kept small on purpose: real retention belongs to the log shipper.
 */
export class LogRing {
  private readonly items: LogRecord[] = [];
  constructor(private readonly capacity = 1000) {}
  push(record: LogRecord) {
    this.items.push(record);
    if (this.items.length > this.capacity) this.items.shift();
  }
  recent(limit = 100, minLevel = 0): LogRecord[] {
    return this.items
      .filter((r) => r.level >= minLevel)
      .slice(-limit)
      .reverse();
  }
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, ring?: LogRing): Logger {
  const streams: pino.StreamEntry[] = [{ stream: process.stdout }];
  if (ring) {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        try {
          ring.push(JSON.parse(chunk.toString()) as LogRecord);
        } catch {
          // a partial line is not worth failing a request over
        }
        done();
      },
    });
    streams.push({ stream: sink });
  }
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    pino.multistream(streams),
  );
}
