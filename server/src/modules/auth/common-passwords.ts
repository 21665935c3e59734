import fs from 'node:fs';

let common: Set<string> | undefined;

/**
 * The shipped list of the most common passwords (common-passwords.txt), loaded once on first
 * use. Compared in lowercase: 'Password123' is as guessable as 'password123'.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}
