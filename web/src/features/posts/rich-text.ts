/**
 * Splits caption and comment text into plain runs, #hashtags and @mentions, with the same
 * rules the server uses to extract them (posts.rules.ts), so what is linked is what was indexed.
 */
export type RichSegment =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

const TOKEN =
  /(?<![\p{L}\p{N}_&/])#([\p{L}\p{N}_]{1,50})|(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.]{3,30})/gu;

export function tokenizeRichText(input: string): RichSegment[] {
  const segments: RichSegment[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const prev = segments[segments.length - 1];
    if (prev?.kind === 'text') prev.text += text;
    else segments.push({ kind: 'text', text });
  };
  for (const match of input.matchAll(TOKEN)) {
    const start = match.index;
    pushText(input.slice(last, start));
    const [whole, tag, mention] = match;
    if (tag !== undefined) {
      segments.push({ kind: 'hashtag', text: whole, tag: tag.toLowerCase() });
      last = start + whole.length;
      continue;
    }
    // "@maya." at the end of a sentence: the dot is punctuation, not part of the name.
    const username = (mention ?? '').replace(/\.+$/, '');
    if (username.length >= 3) {
      segments.push({ kind: 'mention', text: `@${username}`, username });
      last = start + 1 + username.length;
    } else {
      pushText(whole);
      last = start + whole.length;
    }
  }
  pushText(input.slice(last));
  return segments;
}
