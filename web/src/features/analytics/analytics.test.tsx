import type { AnalyticsDashboard, Insight } from '@fanspace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { changeText } from './components/stat-cards.tsx';
import { AnalyticsPage, parsePeriod } from './pages/analytics-page.tsx';

const zero = {
  views: 0,
  profileViews: 0,
  likes: 0,
  comments: 0,
  purchases: 0,
  tips: 0,
  subscriptions: 0,
  unsubscriptions: 0,
  earnings: 0,
  earningsCents: 0,
};
const change = (current: number, previous: number, significant = false) => ({
  current,
  previous,
  change: current - previous,
  changePercent: previous ? Math.round(((current - previous) / previous) * 1000) / 10 : null,
  direction:
    current > previous
      ? ('up' as const)
      : current < previous
        ? ('down' as const)
        : ('flat' as const),
  significant,
});

function dashboard(period = '30d'): AnalyticsDashboard {
  return {
    period: period as '30d',
    from: '2026-10-26T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    previousFrom: '2026-09-26T00:00:00.000Z',
    granularity: 'day',
    totals: {
      ...zero,
      views: 120,
      likes: 30,
      comments: 4,
      earnings: 12.5,
      earningsCents: 1250,
      subscribers: 5,
      followers: 9,
    },
    comparison: { views: change(120, 60, true), likes: change(30, 30), earnings: change(12.5, 10) },
    series: [
      { date: '2026-11-24', ...zero, views: 100, likes: 20 },
      {
        date: '2026-11-25',
        ...zero,
        views: 20,
        likes: 10,
        comments: 4,
        earnings: 12.5,
        earningsCents: 1250,
      },
    ],
    topContent: [],
    generatedAt: '2026-11-25T00:00:00.000Z',
    cached: false,
  };
}

const insight: Insight = {
  id: '6f1c1c9e-1111-4111-8111-111111111111',
  insightId: '6f1c1c9e-1111-4111-8111-111111111111',
  kind: 'generated',
  period: '30d',
  month: null,
  source: 'fallback',
  summary: 'Analytics data loaded successfully. AI insights temporarily unavailable.',
  insights: [
    {
      type: 'trend',
      title: 'Views rose',
      text: 'Views rose 100.0% to 120 in the last 30 days from 60 the period before.',
      numbers: { current: 120 },
    },
  ],
  recommendations: ['Schedule your next posts around 18:00 UTC, your best hour so far.'],
  createdAt: '2026-11-25T00:00:00.000Z',
};

let fetchMock: FetchMock;
let generated = false;
beforeEach(() => {
  generated = false;
  fetchMock = stubFetch();
  signIn(makeMeUser({ isCreator: true, accountType: 'creator', identityStatus: 'verified' }));
  fetchMock.mockImplementation(async (url, init) => {
    const u = new URL(String(url), 'http://x');
    const method = init.method ?? 'GET';
    if (u.pathname === '/api/analytics/v2/dashboard')
      return json(dashboard(u.searchParams.get('period') ?? '30d'));
    if (u.pathname === '/api/analytics/engagement')
      return json({
        period: '30d',
        from: '',
        to: '',
        views: 120,
        likes: 30,
        comments: 4,
        engagementRate: 28.3,
        series: [],
        byHour: [{ hour: 18, posts: 2, engagementPerPost: 6 }],
        bestHours: [18],
      });
    if (u.pathname === '/api/analytics/content')
      return json({
        period: '30d',
        from: '',
        to: '',
        sort: 'views',
        items: [
          {
            postId: 'p1',
            caption: 'Golden hour',
            createdAt: '2026-11-20T18:00:00.000Z',
            accessLevel: 'public',
            price: null,
            views: 100,
            likes: 20,
            comments: 3,
            purchases: 0,
            earnings: 0,
            earningsCents: 0,
            engagementRate: 23,
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
        currentPage: 1,
        totalPages: 1,
        hasMore: false,
      });
    if (u.pathname === '/api/analytics/audience')
      return json({
        period: '30d',
        from: '',
        to: '',
        subscribers: 5,
        followers: 9,
        newSubscribers: 2,
        unsubscriptions: 1,
        churnRate: 25,
        profileViews: 40,
        uniqueProfileViewers: 12,
        cancelingSoon: 1,
        renewingSoon: 3,
        topFans: [],
      });
    if (u.pathname === '/api/analytics/profile-viewers')
      return json({
        viewers: [
          {
            user: { id: 'u1', username: 'ana', displayName: 'Ana', avatarUrl: null },
            views: 3,
            firstViewedAt: '2026-11-20T10:00:00.000Z',
            lastViewedAt: '2026-11-24T10:00:00.000Z',
          },
        ],
        total: 11,
        page: Number(u.searchParams.get('page') ?? 1),
        offset: 0,
        limit: 10,
        currentPage: 1,
        totalPages: 2,
        hasMore: true,
      });
    if (u.pathname === '/api/ai-insights/history')
      return json({
        insights: generated ? [insight] : [],
        total: generated ? 1 : 0,
        currentPage: 1,
        totalPages: 1,
        hasMore: false,
      });
    if (u.pathname === '/api/ai-insights/generate' && method === 'POST') {
      generated = true;
      return json(insight, 201);
    }
    if (u.pathname === '/api/assistant/messages') return json({ messages: [] });
    if (u.pathname === '/api/analytics/v2/realtime')
      return json({
        windowMinutes: 30,
        from: '',
        to: '',
        totals: { ...zero, views: 7, profileViews: 2, likes: 1 },
        minutes: [],
      });
    if (u.pathname.startsWith('/api/analytics/') && method === 'POST')
      return json({ logged: true }, 201);
    return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const calls = (path: string) =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://x').pathname === `/api${path}`,
  );

describe('analytics page', () => {
  it('shows totals with comparisons, charts with tables, content, audience and viewers', async () => {
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('120')).toBeTruthy();
    expect(within(totals).getByText('+60 (+100%) vs previous period')).toBeTruthy();
    expect(within(totals).getByText('significant')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Views and engagement' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Views and engagement' })).toBeTruthy();
    // the post's own page (the app's route is /p/:postId)
    expect((await screen.findByRole('link', { name: 'Golden hour' })).getAttribute('href')).toBe(
      '/p/p1',
    );
    expect(await screen.findByText('25%')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Ana' })).toBeTruthy();
    expect(screen.getByText(/Last 30 minutes: 7 post views, 2 profile views/)).toBeTruthy();
    expect(calls('/analytics/v2/dashboard')[0]![0]).toContain('period=30d');
    await waitFor(() => expect(calls('/analytics/authorized-access')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(calls('/analytics/profile-viewers').some(([u]) => String(u).includes('page=2'))).toBe(
        true,
      ),
    );
  });

  it('switches the period from the picker', async () => {
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    await screen.findByRole('list', { name: 'Totals' });
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() =>
      expect(calls('/analytics/v2/dashboard').some(([u]) => String(u).includes('period=7d'))).toBe(
        true,
      ),
    );
  });

  it('generates insights and shows the fallback summary with recommendations', async () => {
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate insights' }));
    expect(
      await screen.findByText(
        'Analytics data loaded successfully. AI insights temporarily unavailable.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Schedule your next posts around 18:00 UTC, your best hour so far.'),
    ).toBeTruthy();
    expect(JSON.parse(String(calls('/ai-insights/generate')[0]![1].body))).toEqual({
      period: '30d',
    });
  });

  it('tells fans analytics are for creators and logs the refusal', async () => {
    signIn(makeMeUser({ isCreator: false, accountType: 'fan' }));
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText('Analytics are for creators')).toBeTruthy();
    await waitFor(() => expect(calls('/analytics/unauthorized-access')).toHaveLength(1));
    expect(calls('/analytics/v2/dashboard')).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('reads the period from the URL with 30d by default', () => {
    expect(parsePeriod('7d')).toBe('7d');
    expect(parsePeriod('2w')).toBe('30d');
    expect(parsePeriod(null)).toBe('30d');
    expect(changeText(change(5, 10), false)).toBe('−5 (−50%) vs previous period');
    expect(changeText(change(3, 3), false)).toBe('No change vs previous period');
  });
});
