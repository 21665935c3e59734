import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { readSmsOutbox, OutboxSmsProvider } from '../sms/sms-provider.ts';
import { createMailer } from './mailer.ts';
import { listOutbox, readOutbox } from './outbox.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-mail-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const log = pino({ level: 'silent' });

describe('mail outbox', () => {
  const mailer = createMailer({ MAIL_FROM: 'Fanspace <no-reply@fanspace.test>', dataDir }, log);

  it('writes real RFC 822 messages and reads them back decoded', async () => {
    const link = `http://localhost:3000/reset-password?token=${'Ab_-9'.repeat(12)}`;
    const sent = await mailer.send({
      to: 'Reader@Example.test',
      subject: 'Ünïcode subject – 123456',
      text: `Your code is 123456.\n\nA long line with the link so it has to wrap: ${link} and more words after it.`,
      html: '<p>Your code is <b>123456</b> é</p>',
    });
    expect(sent.file).toMatch(/\.eml$/);
    const raw = fs.readFileSync(sent.file!, 'utf8');
    expect(raw).toContain('Content-Type: multipart/alternative');
    const mail = readOutbox(dataDir, 'reader@example.test');
    expect(mail).toMatchObject({ subject: 'Ünïcode subject – 123456' });
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain('<b>123456</b> é');
  });

  it('returns the latest message to exactly that address', async () => {
    await mailer.send({ to: 'a@example.test', subject: 'first', text: 'one' });
    await mailer.send({ to: 'xa@example.test', subject: 'other', text: 'x' });
    await mailer.send({ to: 'a@example.test', subject: 'second', text: 'two' });
    expect(readOutbox(dataDir, 'a@example.test')?.subject).toBe('second');
    expect(readOutbox(dataDir, 'nobody@example.test')).toBeNull();
    expect(listOutbox(dataDir).map((m) => m.subject)).toContain('first');
  });
});

describe('sms outbox', () => {
  it('writes one file per message and finds the latest per number', async () => {
    const provider = new OutboxSmsProvider(dataDir, log);
    await provider.send({ to: '+15550001111', text: 'first code 111111' });
    await provider.send({ to: '+15550001111', text: 'second code 222222' });
    expect(readSmsOutbox(dataDir, '+15550001111')?.text).toBe('second code 222222');
    expect(readSmsOutbox(dataDir, '+15559999999')).toBeNull();
  });
});
