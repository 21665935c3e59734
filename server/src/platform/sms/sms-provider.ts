import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { outboxFileName } from '../mail/mailer.ts';

export interface SmsMessage {
  /** E.164, e.g. +15551234567 */
  to: string;
  text: string;
}

/**
 * Sends a text message. The only built-in provider is the outbox; a real gateway implements
 * this interface and is chosen in `createSmsProvider`.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export function smsOutboxDir(dataDir: string) {
  return path.join(dataDir, 'sms');
}

/** Writes each message to DATA_DIR/sms/*.txt and logs it, so codes are readable in development. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly dataDir: string,
    private readonly log: Logger,
  ) {}

  async send(message: SmsMessage) {
    const dir = smsOutboxDir(this.dataDir);
    await fsp.mkdir(dir, { recursive: true });
    const file = path.join(dir, outboxFileName('txt'));
    const body = `To: ${message.to}\nDate: ${new Date().toISOString()}\n\n${message.text}\n`;
    await fsp.writeFile(`${file}.tmp`, body);
    await fsp.rename(`${file}.tmp`, file);
    this.log.info({ to: message.to, file }, 'sms written to outbox');
  }
}

export function createSmsProvider(config: Pick<Config, 'dataDir'>, log: Logger): SmsProvider {
  return new OutboxSmsProvider(config.dataDir, log);
}

export interface OutboxSms {
  file: string;
  to: string;
  text: string;
}

/** The latest outbox text message to `to`, or null (tests and the dev UI). */
export function readSmsOutbox(dataDir: string, to: string): OutboxSms | null {
  const dir = smsOutboxDir(dataDir);
  if (!fs.existsSync(dir)) return null;
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .reverse();
  for (const name of names) {
    const raw = fs.readFileSync(path.join(dir, name), 'utf8');
    const split = raw.indexOf('\n\n');
    const recipient = /^To: (.*)$/m.exec(raw.slice(0, split))?.[1]?.trim();
    if (recipient === to) {
      return { file: path.join(dir, name), to: recipient, text: raw.slice(split + 2).trimEnd() };
    }
  }
  return null;
}
