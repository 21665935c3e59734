/**
 * Counts with the word that goes with them: '1 like', '2 likes', '0 comments'. The UI's words
 * are English, so English plural rules pick the form whatever the display locale (whose rules
 * would say 'one' for 0 in French); the number itself is formatted in the display locale.
 */
import { displayLocale } from './intl.ts';

const englishRules = new Intl.PluralRules('en');

/** `one` or `other` (default: `one` + 's') for n. */
export function pluralWord(n: number, one: string, other = `${one}s`): string {
  return englishRules.select(n) === 'one' ? one : other;
}

/** '1 like', '1,234 likes': the count in the display locale, then its word. */
export function plural(n: number, one: string, other?: string): string {
  return `${n.toLocaleString(displayLocale())} ${pluralWord(n, one, other)}`;
}
