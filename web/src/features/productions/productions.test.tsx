import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { ProductionsPage } from './pages/productions-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('ProductionsPage', () => {
  it('creates a production with a release and a collaborator', async () => {
    signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
    const saved: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/releases/list')
        return json({ releases: [{ id: 'rel-1', modelName: 'Ana', status: 'signed' }] });
      if (url === '/api/productions' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return json(
          {
            id: 'p1',
            creatorId: 'me',
            releases: [],
            postIds: [],
            createdAt: '',
            updatedAt: '',
            ...body,
          },
          201,
        );
      }
      if (url.startsWith('/api/productions'))
        return json({ productions: [], total: 0, page: 1, hasMore: false });
      return json({});
    });
    renderPage(<ProductionsPage />);
    expect(await screen.findByText('No productions yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New production' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Beach shoot');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'shooting');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Ana/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add collaborator' }));
    await userEvent.type(within(dialog).getByLabelText('Collaborator 1 name'), 'Sam');
    await userEvent.type(within(dialog).getByLabelText('Role'), 'Photographer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      title: 'Beach shoot',
      status: 'shooting',
      shootDate: null,
      releaseIds: ['rel-1'],
      collaborators: [{ name: 'Sam', role: 'Photographer', userId: null }],
    });
  });

  it('sends non-creators to the creator settings', async () => {
    signIn(makeMeUser());
    fetchMock.mockImplementation(async () => json({}));
    renderPage(<ProductionsPage />, { others: ['/settings/creator'] });
    expect(await screen.findByText('Page /settings/creator')).toBeTruthy();
  });
});
