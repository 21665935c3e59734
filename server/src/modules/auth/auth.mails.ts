import type { Config } from '../../platform/config.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** The account mails and texts. Plain words, the code or link up front. */

export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escape(link.href)}" style="background:#7c3aed;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${body}\n${button}\n</body></html>`;
}

export function verificationMail(input: {
  to: string;
  username: string;
  code: string;
  link: string;
}): MailMessage {
  const lines = [
    `Hi ${input.username},`,
    `Your Fanspace verification code is ${input.code}. It expires in 24 hours.`,
    `Or confirm your email with this link: ${input.link}`,
    "If you didn't create a Fanspace account, you can ignore this email.",
  ];
  return {
    to: input.to,
    // no code in the subject: subjects are logged, codes must not be
    subject: 'Your Fanspace verification code',
    text: lines.join('\n\n'),
    html: layout(lines, { href: input.link, label: 'Verify email' }),
  };
}

export function passwordResetMail(input: {
  to: string;
  username: string;
  link: string;
}): MailMessage {
  const lines = [
    `Hi ${input.username},`,
    'Someone asked to reset the password of your Fanspace account.',
    `Choose a new password with this link (valid for 1 hour, once): ${input.link}`,
    "If it wasn't you, ignore this email: your password stays as it is.",
  ];
  return {
    to: input.to,
    subject: 'Reset your Fanspace password',
    text: lines.join('\n\n'),
    html: layout(lines, { href: input.link, label: 'Reset password' }),
  };
}

export function passwordChangedMail(input: { to: string; username: string }): MailMessage {
  const lines = [
    `Hi ${input.username},`,
    'The password of your Fanspace account was just changed and your other sessions were signed out.',
    "If this wasn't you, reset your password at once and contact support.",
  ];
  return {
    to: input.to,
    subject: 'Your Fanspace password was changed',
    text: lines.join('\n\n'),
    html: layout(lines),
  };
}

export function phoneCodeText(code: string): string {
  return `Your Fanspace verification code is ${code}. It expires in 24 hours.`;
}
