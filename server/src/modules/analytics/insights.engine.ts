import type { AnalyticsTotals, ContentRow, HourStat, InsightItem } from '@fanspace/contracts';
import { percent } from './analytics.math.ts';

/**
 * The statistical insight engine: pure, deterministic, every sentence carries the numbers it
 * comes from (tested against a seeded dataset). No model is involved; the optional AI only
 * rewrites the summary from these same numbers.
 */
export interface InsightData {
  /** 'the last 30 days', 'November 2026' */
  label: string;
  current: AnalyticsTotals;
  previous: AnalyticsTotals;
  byHour: HourStat[];
  /** posts with the range's counts */
  posts: ContentRow[];
  churn: {
    subscribersAtStart: number;
    unsubscriptions: number;
    cancelingSoon: number;
    renewingSoon: number;
  };
  price: {
    subscriptionPriceCents: number;
    profileViews: number;
    subscriptions: number;
    paidViews: number;
    paidPurchases: number;
  };
}

export interface InsightResult {
  summary: string;
  insights: InsightItem[];
  recommendations: string[];
  metrics: Record<string, number>;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const pct = (v: number) => `${v.toFixed(1)}%`;
const caption = (c: string) => {
  const text = c.trim().replace(/\s+/g, ' ');
  if (!text) return 'an untitled post';
  return `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
};
const hh = (h: number) => `${String(h).padStart(2, '0')}:00 UTC`;
const z = (a: number, b: number) => (a + b > 0 ? (a - b) / Math.sqrt(a + b) : 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

const TREND_METRICS = [
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['subscriptions', 'New subscriptions'],
] as const;

function trend(d: InsightData, key: (typeof TREND_METRICS)[number][0], name: string): InsightItem {
  const cur = d.current[key];
  const prev = d.previous[key];
  const score = round2(z(cur, prev));
  const significant = Math.abs(score) >= 1.96;
  const numbers = { current: cur, previous: prev, z: score };
  if (cur === prev)
    return {
      type: 'trend',
      title: `${name} held steady`,
      text: `${name} stayed at ${cur} in ${d.label}, the same as the period before.`,
      numbers,
      significant: false,
    };
  const dir = cur > prev ? 'rose' : 'fell';
  const by = prev > 0 ? ` ${pct((Math.abs(cur - prev) / prev) * 100)}` : '';
  const verdict = significant
    ? `the change is statistically significant (z = ${score.toFixed(2)}).`
    : `with these counts the change may be chance (z = ${score.toFixed(2)}, not significant).`;
  return {
    type: 'trend',
    title: `${name} ${dir}`,
    text: `${name} ${dir}${by} to ${cur} in ${d.label} from ${prev} the period before; ${verdict}`,
    numbers,
    significant,
  };
}

function earningsTrend(d: InsightData): InsightItem {
  const cur = d.current.earningsCents;
  const prev = d.previous.earningsCents;
  return {
    type: 'earnings',
    title: 'Earnings',
    text: `You earned ${money(cur)} (your share after fees and refunds) in ${d.label}, against ${money(prev)} the period before, from ${d.current.purchases} unlocks, ${d.current.tips} tips and ${d.current.subscriptions} new subscriptions.`,
    numbers: {
      earningsCents: cur,
      previousEarningsCents: prev,
      purchases: d.current.purchases,
      tips: d.current.tips,
    },
  };
}

function bestHour(d: InsightData): InsightItem {
  const ranked = [...d.byHour]
    .filter((h) => h.posts > 0)
    .sort(
      (a, b) => b.engagementPerPost - a.engagementPerPost || b.posts - a.posts || a.hour - b.hour,
    );
  const best = ranked[0];
  if (!best)
    return {
      type: 'posting-hours',
      title: 'Best time to post',
      text: `No posts were published in ${d.label}, so there is no best posting hour yet.`,
      numbers: { posts: 0 },
    };
  const total = ranked.reduce((a, h) => a + h.posts, 0);
  const mean = round2(ranked.reduce((a, h) => a + h.engagementPerPost * h.posts, 0) / total);
  return {
    type: 'posting-hours',
    title: 'Best time to post',
    text: `Posts published at ${hh(best.hour)} drew the most engagement: ${best.engagementPerPost} likes and comments per post across ${best.posts} post${best.posts === 1 ? '' : 's'}, against ${mean} for all ${total} posts.`,
    numbers: {
      hour: best.hour,
      engagementPerPost: best.engagementPerPost,
      posts: best.posts,
      average: mean,
    },
    significant: ranked.length > 1 && best.posts >= 3,
  };
}

function contentInsights(d: InsightData): InsightItem[] {
  const seen = d.posts.filter((p) => p.views > 0);
  if (seen.length === 0)
    return [
      {
        type: 'top-content',
        title: 'Top content',
        text: `None of your posts was viewed in ${d.label}.`,
        numbers: { posts: 0 },
      },
    ];
  const top = [...seen].sort((a, b) => b.views - a.views || b.likes - a.likes)[0]!;
  const views = seen.reduce((a, p) => a + p.views, 0);
  const avgRate = percent(
    seen.reduce((a, p) => a + p.likes + p.comments, 0),
    views,
  );
  const items: InsightItem[] = [
    {
      type: 'top-content',
      title: 'Top post',
      text: `Your best post ${caption(top.caption)} had ${top.views} views, ${top.likes} likes and ${top.comments} comments (${pct(top.engagementRate)} engagement) in ${d.label}.`,
      numbers: {
        views: top.views,
        likes: top.likes,
        comments: top.comments,
        engagementRate: top.engagementRate,
      },
    },
  ];
  const weak = seen
    .filter((p) => p.postId !== top.postId && p.views >= 10 && p.engagementRate < avgRate / 2)
    .sort((a, b) => a.engagementRate - b.engagementRate)[0];
  if (weak)
    items.push({
      type: 'under-performing',
      title: 'Under-performing post',
      text: `${caption(weak.caption)} engaged ${pct(weak.engagementRate)} of its ${weak.views} views, under half your average of ${pct(avgRate)}.`,
      numbers: { views: weak.views, engagementRate: weak.engagementRate, average: avgRate },
    });
  return items;
}

function churn(d: InsightData): InsightItem {
  const c = d.churn;
  const rate = percent(c.unsubscriptions, c.subscribersAtStart);
  return {
    type: 'churn',
    title: 'Churn and renewals',
    text: `${c.unsubscriptions} of the ${c.subscribersAtStart} subscribers you had at the start of ${d.label} cancelled (${pct(rate)} churn); ${c.cancelingSoon} subscription${c.cancelingSoon === 1 ? '' : 's'} end within 7 days without renewing and ${c.renewingSoon} will renew.`,
    numbers: {
      unsubscriptions: c.unsubscriptions,
      subscribersAtStart: c.subscribersAtStart,
      churnRate: rate,
      cancelingSoon: c.cancelingSoon,
      renewingSoon: c.renewingSoon,
    },
  };
}

/** Price suggestions from conversion; only with enough traffic to mean something. */
function pricing(d: InsightData): InsightItem[] {
  const p = d.price;
  const items: InsightItem[] = [];
  const conv = percent(p.subscriptions, p.profileViews);
  if (p.subscriptionPriceCents > 0 && p.profileViews >= 50) {
    const up = conv >= 10;
    const down = conv < 2;
    const suggested = up
      ? Math.round(p.subscriptionPriceCents * 1.15)
      : down
        ? Math.round(p.subscriptionPriceCents * 0.85)
        : p.subscriptionPriceCents;
    items.push({
      type: 'price',
      title: 'Subscription price',
      text: `${p.subscriptions} of ${p.profileViews} profile views turned into subscriptions (${pct(conv)}) at ${money(p.subscriptionPriceCents)} a month; ${up ? `conversion is high, so a price near ${money(suggested)} is worth testing` : down ? `conversion is low, so a price near ${money(suggested)} may convert better` : 'conversion is in a healthy range, so keep the price'}.`,
      numbers: {
        subscriptions: p.subscriptions,
        profileViews: p.profileViews,
        conversion: conv,
        priceCents: p.subscriptionPriceCents,
        suggestedCents: suggested,
      },
    });
  } else
    items.push({
      type: 'price',
      title: 'Subscription price',
      text: `Only ${p.profileViews} profile views in ${d.label}: at least 50 are needed before a price change can be judged from conversion.`,
      numbers: { profileViews: p.profileViews },
    });
  if (p.paidViews >= 30) {
    const unlock = percent(p.paidPurchases, p.paidViews);
    items.push({
      type: 'price',
      title: 'Paid posts',
      text: `${p.paidPurchases} of ${p.paidViews} views of paid posts became unlocks (${pct(unlock)}); ${unlock >= 20 ? 'fans buy readily, so higher prices are worth testing' : unlock < 3 ? 'few viewers buy, so lower prices or a teaser may help' : 'that is a healthy unlock rate'}.`,
      numbers: { purchases: p.paidPurchases, views: p.paidViews, conversion: unlock },
    });
  }
  return items;
}

function recommend(items: InsightItem[]): string[] {
  const out: string[] = [];
  for (const i of items) {
    if (i.type === 'posting-hours' && i.numbers.posts)
      out.push(
        `Schedule your next posts around ${hh(i.numbers.hour ?? 0)}, your best hour so far.`,
      );
    if (i.type === 'trend' && i.significant && (i.numbers.current ?? 0) < (i.numbers.previous ?? 0))
      out.push(`${i.title}: post more often and reply to comments to win the attention back.`);
    if (i.type === 'under-performing')
      out.push(
        'Compare your under-performing post with your top post: topic, cover image and time of day.',
      );
    if (i.type === 'churn' && (i.numbers.cancelingSoon ?? 0) > 0)
      out.push(
        `Send a thank-you message or offer to the ${i.numbers.cancelingSoon} subscribers whose subscription ends this week.`,
      );
    if (
      i.type === 'price' &&
      i.numbers.suggestedCents &&
      i.numbers.suggestedCents !== i.numbers.priceCents
    )
      out.push(
        `Try a subscription price of ${money(i.numbers.suggestedCents)} for a month and compare conversion.`,
      );
  }
  if (out.length === 0)
    out.push('Keep a steady posting rhythm and check back when more data has come in.');
  return out;
}

export function buildInsights(d: InsightData): InsightResult {
  const insights = [
    ...TREND_METRICS.map(([k, name]) => trend(d, k, name)),
    earningsTrend(d),
    bestHour(d),
    ...contentInsights(d),
    churn(d),
    ...pricing(d),
  ];
  const c = d.current;
  const summary = `In ${d.label} you had ${c.views} post views, ${c.profileViews} profile views, ${c.likes} likes and ${c.comments} comments, gained ${c.subscriptions} subscribers, lost ${c.unsubscriptions} and earned ${money(c.earningsCents)}.`;
  return {
    summary,
    insights,
    recommendations: recommend(insights),
    metrics: {
      views: c.views,
      profileViews: c.profileViews,
      likes: c.likes,
      comments: c.comments,
      purchases: c.purchases,
      tips: c.tips,
      subscriptions: c.subscriptions,
      unsubscriptions: c.unsubscriptions,
      earningsCents: c.earningsCents,
      subscribers: c.subscribers,
      followers: c.followers,
    },
  };
}
