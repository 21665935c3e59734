/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
