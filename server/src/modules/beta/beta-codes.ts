import { randomInt } from 'node:crypto';

/**
 * Beta code text. Codes are compared after normalising (trim, upper case, no inner spaces), so
 * what a user types from an email matches what we stored. Generated codes avoid look-alike
 * characters (0/O, 1/I/L) and carry 60 bits, far beyond what the rate limit lets anyone guess.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_RULE = /^[A-Z0-9][A-Z0-9-]{3,39}$/;

export function normaliseBetaCode(input: string): string | null {
  const code = input.replace(/\s+/g, '').toUpperCase();
  return CODE_RULE.test(code) ? code : null;
}

export function generateBetaCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
