import { readOutbox } from '../../server/src/platform/mail/outbox.ts';

/** Waits for the newest mail to `to` in the server's outbox (DATA_DIR/mail) matching `pattern`. */
export async function waitForMail(
  dataDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readOutbox(dataDir, to);
    const match = mail?.text.match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
