import type { Suggestion } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { FeedbackForm } from './components/feedback-form.tsx';
import { TranslateButton } from './components/translate-button.tsx';
import { sharePost } from './share-post.ts';
import { DmcaPage, urlsOf, validateDmca } from './pages/dmca-page.tsx';
import { SuggestionsPage } from './pages/suggestions-page.tsx';
import { withCreated } from './queries.ts';

const suggestion = (over: Partial<Suggestion> = {}): Suggestion => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Dark mode',
  description: '',
  status: 'open',
  votes: 3,
  voted: false,
  author: null,
  roadmapItem: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.unstubAllGlobals());

const method = (init: RequestInit) => init.method ?? 'GET';

describe('SuggestionsPage', () => {
  it("shows 'Failed to load suggestions' when the list fails", async () => {
    fetchMock.mockImplementation(async () => json({ message: 'boom', code: 'INTERNAL' }, 500));
    renderPage(<SuggestionsPage />, { path: '/suggestions' });
    await waitFor(() => expect(toastMessages()).toContain('Failed to load suggestions'));
  });

  it("votes and shows 'Failed to submit suggestion' when posting fails", async () => {
    let voted = false;
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/suggestions' && method(init) === 'GET')
        return json({ suggestions: [suggestion(voted ? { votes: 4, voted } : {})] });
      if (pathname.endsWith('/vote')) {
        voted = true;
        return json({ suggestion: suggestion({ votes: 4, voted: true }) });
      }
      return json({ message: 'down', code: 'INTERNAL' }, 500);
    });
    renderPage(<SuggestionsPage />, { path: '/suggestions' });
    const vote = await screen.findByRole('button', { name: /Vote for Dark mode/ });
    fireEvent.click(vote);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Remove your vote for Dark mode/ })).toBeTruthy(),
    );
    expect(fetchMock.mock.calls.some(([u, i]) => u.endsWith('/vote') && i.method === 'POST')).toBe(
      true,
    );

    const form = screen.getByRole('form', { name: 'New suggestion' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Polls' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post suggestion' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to submit suggestion'));
  });

  it('shows a posted suggestion with its vote at once, before the list is fetched again', async () => {
    const created = suggestion({
      id: '22222222-2222-4222-8222-222222222222',
      title: 'Polls in posts',
      votes: 1,
      voted: true,
    });
    let lists = 0;
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/suggestions' && method(init) === 'GET') {
        lists += 1;
        // the first load answers; the refetch after the post never does
        return lists === 1 ? json({ suggestions: [suggestion()] }) : new Promise<never>(() => {});
      }
      if (pathname === '/api/suggestions' && method(init) === 'POST')
        return json({ suggestion: created, message: 'Thanks! Your suggestion was posted.' }, 201);
      return json({ message: 'unexpected', code: 'INTERNAL' }, 500);
    });
    renderPage(<SuggestionsPage />, { path: '/suggestions' });
    await screen.findByRole('button', { name: /Vote for Dark mode/ });
    const form = screen.getByRole('form', { name: 'New suggestion' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Polls in posts' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post suggestion' }));
    const mine = await screen.findByRole('button', {
      name: 'Remove your vote for Polls in posts (1 vote)',
    });
    // top sort: below the idea with more votes
    const buttons = screen.getAllByRole('button', { name: /Vote for|Remove your vote/ });
    expect(buttons.indexOf(mine)).toBe(1);
    expect(lists).toBe(2);
  });
});

describe('withCreated', () => {
  const a = suggestion({ id: 'a', votes: 5 });
  const b = suggestion({ id: 'b', votes: 1 });
  const c = suggestion({ id: 'c', votes: 0 });
  const mine = suggestion({ id: 'n', votes: 1, voted: true });
  it('puts a new idea first among those with as many votes (top) or first of all (new)', () => {
    const ids = (sort: 'top' | 'new') =>
      withCreated({ suggestions: [a, b, c] }, mine, sort).suggestions.map((s) => s.id);
    expect(ids('top')).toEqual(['a', 'n', 'b', 'c']);
    expect(ids('new')).toEqual(['n', 'a', 'b', 'c']);
    expect(withCreated({ suggestions: [a] }, mine, 'top').suggestions.map((s) => s.id)).toEqual([
      'a',
      'n',
    ]);
    // never twice
    expect(withCreated({ suggestions: [mine, a] }, mine, 'top').suggestions).toHaveLength(2);
  });
});

describe('DMCA form', () => {
  it('validates every required part', () => {
    const ok = {
      claimantName: 'Ada',
      email: 'ada@example.com',
      copyrightedWork: 'Photo',
      urls: 'https://fanspace.example/p/1\nhttps://x.example/2',
      statement: 'I have a good faith belief that this is not authorised.',
      signature: 'Ada',
      goodFaith: true,
    };
    expect(validateDmca(ok)).toEqual({});
    expect(urlsOf(ok.urls)).toHaveLength(2);
    const bad = validateDmca({ ...ok, urls: 'ftp://x', statement: 'short', goodFaith: false });
    expect(Object.keys(bad).sort()).toEqual(['goodFaith', 'statement', 'urls']);
  });

  it('ties the unticked sworn statement to its error for screen readers', async () => {
    renderPage(<DmcaPage />, { path: '/dmca' });
    const form = screen.getByRole('form', { name: 'Copyright notice' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send notice' }));
    const box = within(form).getByRole('checkbox');
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('You must confirm this statement.');
  });

  it('sends the notice and confirms', async () => {
    fetchMock.mockImplementation(async () =>
      json({ id: 'n1', status: 'submitted', message: 'Your notice was received.' }, 201),
    );
    renderPage(<DmcaPage />, { path: '/dmca' });
    const form = screen.getByRole('form', { name: 'Copyright notice' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('Your full name', 'Ada Photographer');
    fill('Email', 'ada@example.com');
    fill('The copyrighted work', 'My photo');
    fill('Infringing links', 'https://fanspace.example/p/abc');
    fill('Statement', 'I have a good faith belief that this use is not authorised.');
    fill('Electronic signature', 'Ada Photographer');
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Send notice' }));
    expect(await screen.findByText('Your notice was received.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/dmca');
    expect(JSON.parse(String(init.body))).toMatchObject({
      infringingUrls: ['https://fanspace.example/p/abc'],
      goodFaith: true,
    });
  });
});

describe('TranslateButton', () => {
  it('is hidden when the server has no translation provider', async () => {
    fetchMock.mockImplementation(async () => json({ enabled: false, provider: null }));
    renderPage(<TranslateButton text="hola" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it('translates and toggles back to the original', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.includes('status')
        ? json({ enabled: true, provider: 'libretranslate' })
        : json({ translatedText: 'hello', target: 'en', detectedSource: 'es' }),
    );
    renderPage(<TranslateButton text="hola" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('hello')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.queryByText('hello')).toBeNull();
  });
});

describe('FeedbackForm', () => {
  it('needs a rating, then sends it with the page', async () => {
    fetchMock.mockImplementation(async () =>
      json({ id: 'f1', message: 'Thanks for your feedback!' }, 201),
    );
    renderPage(<FeedbackForm />, { path: '/contact' });
    const form = screen.getByRole('form', { name: 'Feedback' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(form).getByRole('radio', { name: '4 out of 5' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(toastMessages()).toContain('Thanks for your feedback!'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      rating: 4,
      page: '/contact',
    });
  });
});

describe('sharePost', () => {
  it('hands the server’s share data to the system share sheet', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    fetchMock.mockImplementation(async () =>
      json({
        url: 'https://fanspace.example/p/1',
        title: 'Maya on Fanspace',
        description: 'Sunrise',
        image: null,
        openGraph: {},
        links: { x: '', facebook: '', reddit: '', telegram: '', whatsapp: '', email: '' },
      }),
    );
    await sharePost('11111111-1111-4111-8111-111111111111');
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/social/share/11111111-1111-4111-8111-111111111111',
    );
    expect(share).toHaveBeenCalledWith({
      title: 'Maya on Fanspace',
      text: 'Sunrise',
      url: 'https://fanspace.example/p/1',
    });
    Reflect.deleteProperty(navigator, 'share');
  });

  it('tells the user when a post cannot be shared', async () => {
    fetchMock.mockImplementation(async () =>
      json({ message: 'Post not found', code: 'NOT_FOUND' }, 404),
    );
    await sharePost('11111111-1111-4111-8111-111111111111');
    expect(toastMessages().join(' ')).toMatch(/not found|cannot be shared/i);
  });
});
