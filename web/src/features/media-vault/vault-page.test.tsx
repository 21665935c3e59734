import type { VaultMediaItem } from '@fanspace/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { VaultPage } from './pages/vault-page.tsx';

const item = (id: string, mediaType: VaultMediaItem['mediaType'], title: string) => ({
  id,
  mediaType,
  title,
  description: '',
  width: null,
  height: null,
  durationSeconds: null,
  teaserUrl: null,
  thumbnailUrl: null,
  mediaUrl: null,
  folderId: null,
  mimeType: mediaType === 'image' ? 'image/jpeg' : 'video/mp4',
  sizeBytes: 1000,
  originalUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('VaultPage', () => {
  it('clears the selection when the type filter changes', async () => {
    const photo = item('m1', 'image', 'Beach photo');
    const video = item('m2', 'video', 'Beach video');
    fetchMock.mockImplementation(async (url) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/media') {
        const type = searchParams.get('mediaType');
        const items = [photo, video].filter((i) => !type || i.mediaType === type);
        return json({ items, hasMore: false, nextCursor: null });
      }
      if (pathname === '/api/media/folders') return json({ folders: [] });
      return json({});
    });
    renderPage(<VaultPage />, { path: '/vault' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Beach photo' }));
    const selection = screen.getByRole('region', { name: 'Selection' });
    expect(within(selection).getByText('1 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Beach video' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select Beach photo' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });
});
