import {
  AssistantLimits,
  ErrorCodes,
  type AnalyticsPeriod,
  type AssistantChatResponse,
  type AssistantMessage,
  type AssistantSource,
} from '@fanspace/contracts';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { AssistantMessagesTable, UserRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { aiConfigured, chatCompletion } from '../../platform/ai/chat-completions.ts';
import { overview } from '../analytics/analytics.service.ts';
import { articleById, articles, search, type Hit } from './help-articles.ts';

/**
 * The assistant chat: retrieval over the help articles plus, for creators asking about their
 * numbers, their own analytics. Every number in a reply comes from the analytics service; with
 * AI configured a model phrases the reply from the same sources and must cite them.
 */
type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type Row = Selectable<AssistantMessagesTable>;

const METRIC_WORDS: Record<string, string[]> = {
  views: ['view', 'views', 'seen', 'watch', 'traffic'],
  likes: ['like', 'likes'],
  comments: ['comment', 'comments'],
  earnings: ['earn', 'earned', 'earning', 'earnings', 'money', 'revenue', 'income', 'made'],
  subscribers: ['subscriber', 'subscribers', 'subs', 'fans'],
};
const OWN = /\b(my|i|me|mine)\b/i;

export function periodOf(text: string): AnalyticsPeriod {
  const t = text.toLowerCase();
  if (/\b(7 days|week|weekly)\b/.test(t)) return '7d';
  if (/\b(90 days|quarter|3 months|three months)\b/.test(t)) return '90d';
  if (/\b(year|12 months|annual)\b/.test(t)) return '1y';
  return '30d';
}

/** Which of the five figures the question asks about (none: not a numbers question). */
export function metricsAsked(text: string): string[] {
  const words = new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
  const asked = Object.entries(METRIC_WORDS)
    .filter(([, list]) => list.some((w) => words.has(w)))
    .map(([m]) => m);
  if (
    asked.length === 0 &&
    OWN.test(text) &&
    /\b(stats|numbers|analytics|doing|perform)/i.test(text)
  )
    return Object.keys(METRIC_WORDS);
  return OWN.test(text) ? asked : [];
}

const LABEL: Record<AnalyticsPeriod, string> = {
  '7d': 'last 7 days',
  '30d': 'last 30 days',
  '90d': 'last 90 days',
  '1y': 'last year',
};

async function numbersFor(ctx: Ctx, user: UserRow, question: string) {
  const asked = metricsAsked(question);
  if (asked.length === 0 || user.account_type !== 'creator') return null;
  const period = periodOf(question);
  const data = await overview(ctx.db, user.id, period);
  const parts: Record<string, string> = {
    views: `${data.views} post views`,
    likes: `${data.likes} likes`,
    comments: `${data.comments} comments`,
    earnings: `$${(data.totals.earningsCents / 100).toFixed(2)} in earnings`,
    subscribers: `${data.subscribers} active subscribers (${data.totals.subscriptions} new, ${data.totals.unsubscriptions} cancelled in the period)`,
  };
  const text = `In the ${LABEL[period]} you had ${asked.map((m) => parts[m]).join(', ')}.`;
  const source: AssistantSource = {
    id: `analytics-${period}`,
    kind: 'analytics',
    title: `Your analytics (${LABEL[period]})`,
    url: `/analytics?period=${period}`,
  };
  return { text, source };
}

const articleSource = (h: Hit): AssistantSource => ({
  id: h.article.id,
  kind: 'article',
  title: h.article.title,
  url: `/help/${h.article.id}`,
});
const NOTHING =
  'I could not find that in the help articles. Try asking about analytics, insights, the best time to post, scheduling, pricing, churn, earnings and payouts, or privacy — or open a support ticket.';

/** The reply without a model: the numbers, then the best paragraphs, each with its source. */
export function retrievalReply(
  question: string,
  numbers: { text: string; source: AssistantSource } | null,
) {
  const hits = search(question);
  const sources: AssistantSource[] = [];
  const parts: string[] = [];
  if (numbers) {
    sources.push(numbers.source);
    parts.push(`${numbers.text} [${sources.length}]`);
  }
  for (const hit of hits) {
    sources.push(articleSource(hit));
    parts.push(
      `From "${hit.article.title}": ${hit.paragraph.replace(/\*\*/g, '')} [${sources.length}]`,
    );
  }
  return { content: parts.length ? parts.join('\n\n') : NOTHING, sources, hits };
}

async function aiReply(
  ctx: Ctx,
  question: string,
  numbers: { text: string } | null,
  hits: Hit[],
  sources: AssistantSource[],
) {
  const context = sources
    .map((s, i) => {
      const body =
        s.kind === 'analytics'
          ? (numbers?.text ?? '')
          : (hits.find((h) => h.article.id === s.id)?.article.body ?? '');
      return `[${i + 1}] ${s.title}\n${body}`;
    })
    .join('\n\n');
  return chatCompletion(ctx.config, [
    {
      role: 'system',
      content:
        'You are the help assistant of Fanspace, a creator and fan platform. Answer only from the numbered sources, cite them like [1], and never state a number that is not in a source. If the sources do not answer, say so and suggest a support ticket. Be brief.',
    },
    { role: 'user', content: `Sources:\n${context || '(none)'}\n\nQuestion: ${question}` },
  ]);
}

export function presentMessage(row: Row): AssistantMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    sources: row.sources as AssistantSource[],
    createdAt: row.created_at.toISOString(),
  };
}

export async function chat(
  ctx: Ctx,
  user: UserRow,
  message: string,
): Promise<AssistantChatResponse> {
  const question = message.trim();
  const numbers = await numbersFor(ctx, user, question);
  const base = retrievalReply(question, numbers);
  let content = base.content;
  let mode: 'retrieval' | 'ai' = 'retrieval';
  if (aiConfigured(ctx.config) && base.sources.length > 0) {
    try {
      content = await aiReply(ctx, question, numbers, base.hits, base.sources);
      mode = 'ai';
    } catch (err) {
      ctx.log.warn({ err }, 'assistant AI call failed; answering from retrieval');
    }
  }
  const [asked, reply] = await ctx.db
    .insertInto('assistant_messages')
    .values([
      { user_id: user.id, role: 'user', content: question, sources: '[]' },
      { user_id: user.id, role: 'assistant', content, sources: JSON.stringify(base.sources) },
    ])
    .returningAll()
    .execute();
  return { message: presentMessage(asked!), reply: presentMessage(reply!), mode };
}

export async function history(
  ctx: Ctx,
  userId: string,
  limit: number = AssistantLimits.historyDefault,
) {
  const rows = await ctx.db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('role', 'asc')
    .limit(limit)
    .execute();
  return { messages: rows.reverse().map(presentMessage) };
}

export async function clearHistory(ctx: Ctx, userId: string) {
  const rows = await ctx.db
    .deleteFrom('assistant_messages')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return { ok: true as const, removed: rows.length };
}

export function listArticles() {
  return { articles: articles().map((a) => ({ id: a.id, title: a.title, url: `/help/${a.id}` })) };
}

export function getArticle(id: string) {
  const a = articleById(id);
  if (!a) throw new NotFoundError('Help article not found', ErrorCodes.HELP_ARTICLE_NOT_FOUND);
  return { id: a.id, title: a.title, url: `/help/${a.id}`, body: a.body };
}
