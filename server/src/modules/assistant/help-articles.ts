import fs from 'node:fs';

/**
 * The help articles shipped in `help/*.md` and a small BM25 retrieval over their paragraphs.
 * Read once per process; the set is small (a dozen pages), so an in-memory index is enough.
 */
export interface Article {
  id: string;
  title: string;
  body: string;
  paragraphs: string[];
}

const STOP = new Set(
  'a an and are as at be by can do does for from how i if in is it me my of on or so that the this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((t) => !STOP.has(t))
    .map((t) => (t.length > 4 ? t.replace(/(ings|ing|ers|er|ed|ies|es|e|s)$/, '') : t));
}

let cache: Article[] | null = null;
export function articles(): Article[] {
  if (cache) return cache;
  const dir = new URL('./help/', import.meta.url);
  cache = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(new URL(file, dir), 'utf8').trim();
      const [first, ...rest] = text.split('\n');
      const body = rest.join('\n').trim();
      return {
        id: file.replace(/\.md$/, ''),
        title: (first ?? '').replace(/^#\s*/, ''),
        body,
        paragraphs: body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
      };
    });
  return cache;
}

export function articleById(id: string) {
  return articles().find((a) => a.id === id);
}

export interface Hit {
  article: Article;
  score: number;
  paragraph: string;
}

/** BM25 over whole articles (title counted twice), then the best paragraph of each hit. */
export function search(query: string, limit = 2): Hit[] {
  const q = [...new Set(tokens(query))];
  if (q.length === 0) return [];
  const docs = articles().map((a) => ({ a, t: tokens(`${a.title} ${a.title} ${a.body}`) }));
  const avg = docs.reduce((s, d) => s + d.t.length, 0) / Math.max(1, docs.length);
  const df = new Map(q.map((term) => [term, docs.filter((d) => d.t.includes(term)).length]));
  const k1 = 1.2;
  const b = 0.75;
  const scored = docs.map(({ a, t }) => {
    let score = 0;
    for (const term of q) {
      const tf = t.filter((x) => x === term).length;
      if (!tf) continue;
      const n = df.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * t.length) / avg));
    }
    return { article: a, score };
  });
  return scored
    .filter((s) => s.score > 0.5)
    .sort((x, y) => y.score - x.score)
    .slice(0, limit)
    .map((s) => ({ ...s, paragraph: bestParagraph(s.article, q) }));
}

function bestParagraph(article: Article, q: string[]): string {
  let best = article.paragraphs[0] ?? '';
  let bestScore = -1;
  for (const p of article.paragraphs) {
    const t = tokens(p);
    const score = q.filter((term) => t.includes(term)).length;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}
