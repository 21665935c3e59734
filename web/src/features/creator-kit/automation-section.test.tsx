import type { AutomationRule, VaultMediaItem } from '@fanspace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { AutomationSection } from './automation-section.tsx';

const MEDIA_ID = '66666666-6666-4666-8666-666666666666';
const photo: VaultMediaItem = {
  id: MEDIA_ID,
  mediaType: 'image',
  title: 'Beach set',
  description: '',
  width: 100,
  height: 100,
  durationSeconds: null,
  teaserUrl: null,
  thumbnailUrl: null,
  mediaUrl: null,
  folderId: null,
  mimeType: 'image/jpeg',
  sizeBytes: 1000,
  originalUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const rule: AutomationRule = {
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Welcome',
  trigger: 'new_subscriber',
  action: {
    type: 'send_message',
    text: 'Hi {username}',
    lockedPrice: 9.99,
    lockedPriceCents: 999,
    mediaIds: [MEDIA_ID],
  },
  enabled: true,
  runCount: 0,
  lastRunAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

let fetchMock: FetchMock;
let rules: AutomationRule[];
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([u, i]) => (i.method ?? 'GET') === method && String(u).includes('/automation-rules'))
    .map(([, i]) => JSON.parse(String(i.body)) as Record<string, unknown>);

beforeEach(() => {
  rules = [];
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://x');
    if (pathname === '/api/automation-rules' && (init.method ?? 'GET') === 'GET')
      return json({ rules });
    if (pathname === '/api/media')
      return json({ items: [photo], hasMore: false, nextCursor: null });
    if (pathname.startsWith('/api/automation-rules') && ['POST', 'PUT'].includes(init.method!))
      return json(rule, init.method === 'POST' ? 201 : 200);
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
  signIn(makeMeUser({ isCreator: true, accountType: 'creator', identityStatus: 'verified' }));
  useToastStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('automation editor media', () => {
  it('attaches vault media locked at a price', async () => {
    renderPage(<AutomationSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'New rule' }));
    await userEvent.type(screen.getByLabelText('Rule name'), 'Welcome');
    await userEvent.type(screen.getByLabelText(/Send this message/), 'Hi there');
    await userEvent.click(screen.getByRole('button', { name: 'Add media from vault' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add Beach set' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1' }));
    const attached = await screen.findByRole('list', { name: 'Attached media' });
    expect(within(attached).getByText('Beach set')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Lock the media behind a price'));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    // below the minimum: refused before sending
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Price (USD)'));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '9.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toMatchObject({
      name: 'Welcome',
      action: { type: 'send_message', text: 'Hi there', mediaIds: [MEDIA_ID], lockedPrice: 9.99 },
    });
  });

  it('refuses a lock without media, and keeps a saved rule’s media when editing', async () => {
    rules = [rule];
    renderPage(<AutomationSection />);
    const list = await screen.findByRole('list', { name: 'Automation rules' });
    expect(within(list).getByText('1 media, locked at $9.99')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Edit Welcome' }));
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('9.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toMatchObject({
      action: { mediaIds: [MEDIA_ID], lockedPrice: 9.99 },
    });

    await userEvent.click(within(list).getByRole('button', { name: 'Edit Welcome' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Media item 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Add media to lock.')).toBeTruthy();
    expect(sent('PUT')).toHaveLength(1);
  });
});
