import { ErrorCodes, type ErrorCode } from '@fanspace/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Pure account rules: what a username, a password and a phone number must look like, and who
 * may log in. Services turn the problems into AppErrors.
 */

export const PASSWORD_MIN_LENGTH = 10;
const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;

export function usernameProblem(username: string): string | null {
  if (USERNAME_PATTERN.test(username)) return null;
  return 'Username must be 3–30 characters long and use only letters, digits, underscores and dots';
}

export function passwordProblem(
  password: string,
  account: { username?: string; email?: string } = {},
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  }
  if (isCommonPassword(password)) {
    return 'This password is too common and easy to guess. Please choose another one';
  }
  const lower = password.toLowerCase();
  const personal = [account.username, account.email, account.email?.split('@')[0]]
    .filter((word): word is string => Boolean(word && word.length >= 3))
    .map((word) => word.toLowerCase());
  if (personal.some((word) => lower === word)) {
    return 'Password must not be your username or email address';
  }
  return null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** E.164 ('+' and 7–15 digits) after dropping spaces, dashes, dots and brackets; null if invalid. */
export function normalisePhone(phone: string): string | null {
  const compact = phone.replace(/[\s\-().]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

/** Codes are typed by people: ignore spaces, dashes and case. */
export function normaliseOtp(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export interface LoginBlock {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/**
 * Why a correctly authenticated account may still not log in (banned, suspended until later).
 * Only told after the password was right, so it reveals nothing to a guesser.
 */
export function loginBlock(
  user: Pick<UserRow, 'status' | 'status_reason' | 'suspended_until'>,
  now = Date.now(),
): LoginBlock | null {
  const reason = user.status_reason ?? null;
  if (user.status === 'banned') {
    return {
      code: ErrorCodes.ACCOUNT_BANNED,
      message: `Your account has been banned${reason ? `: ${reason}` : '.'}`,
      details: { reason },
    };
  }
  if (user.status === 'suspended') {
    const until = user.suspended_until;
    if (until && until.getTime() <= now) return null;
    return {
      code: ErrorCodes.ACCOUNT_SUSPENDED,
      message: `Your account is suspended ${until ? `until ${until.toISOString()}` : 'indefinitely'}${
        reason ? `: ${reason}` : '.'
      }`,
      details: { reason, suspendedUntil: until ? until.toISOString() : null },
    };
  }
  return null;
}

/** 'Firefox on Linux' from a user agent, for the sessions list. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browsers: Array<[RegExp, string]> = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrom(e|ium)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: Array<[RegExp, string]> = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(userAgent))?.[1];
  const system = systems.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  // an API client: its product token ('curl/8.5' → 'curl')
  return userAgent.split(/[/\s]/)[0]?.slice(0, 40) || 'Unknown device';
}
