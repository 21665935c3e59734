/** Finding and completing the @mention being typed at the caret. */

export interface MentionQuery {
  /** index of the '@' */
  start: number;
  /** the characters typed after '@' so far */
  query: string;
}

const TYPED_MENTION = /(?:^|[^\p{L}\p{N}_.@])@([A-Za-z0-9_.]{1,30})$/u;

export function findMentionAt(text: string, caret: number): MentionQuery | null {
  const match = TYPED_MENTION.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Replaces the typed "@ma" with "@maya.lens " and says where the caret goes. */
export function applyMention(
  text: string,
  mention: MentionQuery,
  username: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const rest = text.slice(end);
  const insert = `@${username}${rest.startsWith(' ') ? '' : ' '}`;
  return {
    text: text.slice(0, mention.start) + insert + rest,
    caret: mention.start + insert.length + (rest.startsWith(' ') ? 1 : 0),
  };
}
