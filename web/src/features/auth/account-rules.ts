/**
 * Account field rules, checked in the browser for instant feedback. The server checks the
 * same rules (contracts USERNAME_RULE, its password policy) and has the last word.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const USERNAME_RULE_TEXT = '3–30 characters: letters, numbers, underscores and dots.';
export const MIN_PASSWORD = 10;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
