import fs from 'node:fs';
import path from 'node:path';
import { mailOutboxDir } from './mailer.ts';

/**
 * Reads the development mail outbox (DATA_DIR/mail/*.eml) back: the e2e journey and route tests
 * take verification codes and reset links from here. A small MIME reader for the messages our
 * own mailer writes (multipart/alternative, quoted-printable or base64 parts), not a general one.
 */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // folded header lines start with whitespace and continue the previous one
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(input: string): Buffer {
  const joined = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in headers such as Subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_m, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collectParts(part: Part, into: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(splitHeaders(section.replace(/^\n/, '')), into);
    }
    return;
  }
  const body = decodeBody(part).replace(/\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) into.html ||= body;
  else if (type.toLowerCase().startsWith('text/plain')) into.text ||= body;
}

export function parseEml(raw: string, file = ''): OutboxMail {
  const message = splitHeaders(raw);
  const content = { text: '', html: '' };
  collectParts(message, content);
  return {
    file,
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    ...content,
  };
}

/** Every message in the outbox, oldest first (file names sort by time). */
export function listOutbox(dataDir: string): OutboxMail[] {
  const dir = mailOutboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseEml(fs.readFileSync(path.join(dir, name), 'utf8'), path.join(dir, name)));
}

/** The latest message to `to` (compared case-insensitively), or null. */
export function readOutbox(dataDir: string, to: string): OutboxMail | null {
  const wanted = to.trim().toLowerCase();
  const mine = listOutbox(dataDir).filter((m) => addressesOf(m.to).includes(wanted));
  return mine.at(-1) ?? null;
}

/** 'Bob <bob@x.test>, carol@y.test' → ['bob@x.test', 'carol@y.test'] */
function addressesOf(header: string): string[] {
  return header
    .split(',')
    .map((entry) => (/<([^>]+)>/.exec(entry)?.[1] ?? entry).trim().toLowerCase());
}
