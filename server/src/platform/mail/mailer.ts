import type { Transporter } from 'nodemailer';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { lazyModule } from '../lazy-module.ts';

/** nodemailer, loaded with the first mail a process sends. */
const loadNodemailer = lazyModule(async () => (await import('nodemailer')).default);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface SentMail {
  messageId: string;
  /** the .eml file, when the outbox transport wrote one */
  file?: string;
}

/**
 * Sends one message. Called by the `mail.send` job, never inside a request's transaction.
 * `key` (the job's id) makes a re-run after a crash harmless: the outbox writes the file once
 * per key, and over SMTP the Message-ID is derived from it so a resent copy is recognisable.
 */
export interface Mailer {
  send(message: MailMessage, options?: { key?: string }): Promise<SentMail>;
}

export function mailOutboxDir(dataDir: string) {
  return path.join(dataDir, 'mail');
}

let sequence = 0;
/** Sortable, unique file names: time, then a per-process sequence, then randomness. */
export function outboxFileName(extension: string) {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = String(Date.now()).padStart(15, '0');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.${extension}`;
}

const safeKey = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);

/** `<key.fanspace@sender-domain>`: the same for every attempt of one mail job. */
function messageIdFor(from: string, key: string) {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'fanspace.local';
  return `<${safeKey(key)}.fanspace@${domain}>`;
}

/** The outbox file an earlier attempt of the same job already wrote, if any. */
async function sentBefore(dir: string, suffix: string): Promise<string | undefined> {
  try {
    const name = (await fs.readdir(dir)).find((n) => n.endsWith(suffix));
    return name ? path.join(dir, name) : undefined;
  } catch {
    return undefined; // no outbox yet
  }
}

/**
 * Over SMTP when SMTP_URL is set. Otherwise the outbox: nodemailer builds the real RFC 822
 * message (stream transport) and it is written to DATA_DIR/mail/*.eml and logged, so a developer,
 * the dev UI and the e2e tests can read codes and links without a mail server.
 */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>,
  log: Logger,
): Mailer {
  if (config.SMTP_URL) {
    const smtpUrl = config.SMTP_URL;
    const transporter = lazyModule(async (): Promise<Transporter> =>
      (await loadNodemailer()).createTransport(smtpUrl),
    );
    return {
      async send(message, options = {}) {
        const info = await (
          await transporter()
        ).sendMail({
          from: config.MAIL_FROM,
          ...message,
          ...(options.key ? { messageId: messageIdFor(config.MAIL_FROM, options.key) } : {}),
        });
        log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
        return { messageId: String(info.messageId) };
      },
    };
  }
  const transporter = lazyModule(async () =>
    (await loadNodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    }),
  );
  const dir = mailOutboxDir(config.dataDir);
  return {
    async send(message, options = {}) {
      const suffix = options.key ? `-${safeKey(options.key)}.eml` : undefined;
      if (suffix) {
        const earlier = await sentBefore(dir, suffix);
        if (earlier)
          return { messageId: messageIdFor(config.MAIL_FROM, options.key!), file: earlier };
      }
      const info = await (
        await transporter()
      ).sendMail({
        from: config.MAIL_FROM,
        ...message,
        ...(options.key ? { messageId: messageIdFor(config.MAIL_FROM, options.key) } : {}),
      });
      if (!Buffer.isBuffer(info.message))
        throw new Error('mail outbox expected a buffered message');
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        suffix ? outboxFileName('eml').replace(/\.eml$/, suffix) : outboxFileName('eml'),
      );
      // write then rename, so a reader never sees half a message
      await fs.writeFile(`${file}.tmp`, info.message);
      await fs.rename(`${file}.tmp`, file);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
  };
}
