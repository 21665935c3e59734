import type { VaultMediaItem } from '@fanspace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { emptyLockedMedia, lockedPriceOf } from './locked-media-picker.tsx';
import { MassMessageDialog } from './mass-message-dialog.tsx';

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

describe('lockedPriceOf', () => {
  const one = [{ id: MEDIA_ID, title: null }];
  it('is free when not locked, whatever the price field says', () => {
    expect(lockedPriceOf({ media: one, locked: false, price: 'abc' })).toEqual({
      ok: true,
      price: null,
    });
  });
  it('needs media before a price', () => {
    expect(lockedPriceOf({ ...emptyLockedMedia(), locked: true, price: 'abc' })).toEqual({
      ok: false,
      error: 'Add media to lock.',
    });
  });
  it('refuses a price outside the chat range and accepts a valid one', () => {
    const below = lockedPriceOf({ media: one, locked: true, price: '1' });
    expect(below.ok).toBe(false);
    expect(lockedPriceOf({ media: one, locked: true, price: '9.99' })).toEqual({
      ok: true,
      price: 9.99,
    });
  });
});

describe('locked media in the mass message dialog', () => {
  let fetchMock: FetchMock;
  const posted = () =>
    fetchMock.mock.calls
      .filter(([u, i]) => String(u).includes('/chats/mass-messages') && i.method === 'POST')
      .map(([, i]) => JSON.parse(String(i.body)) as Record<string, unknown>);

  beforeEach(() => {
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/media')
        return json({ items: [photo], hasMore: false, nextCursor: null });
      if (pathname === '/api/chats/mass-messages' && init.method === 'POST')
        return json(
          {
            massMessage: {
              id: 'mm1',
              jobId: 'j1',
              status: 'queued',
              segment: 'subscribers',
              userGroupId: null,
              text: '',
              price: 9.99,
              recipientCount: 0,
              sentCount: 0,
              skippedCount: 0,
              error: null,
              createdAt: new Date().toISOString(),
              finishedAt: null,
            },
          },
          202,
        );
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ isCreator: true, accountType: 'creator', identityStatus: 'verified' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('picks from the vault, refuses a bad price and sends the media locked', async () => {
    renderPage(<MassMessageDialog open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add media from vault' }));
    // the mass message dialog steps aside while the vault picker is open
    const picker = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    expect(screen.queryByRole('dialog', { name: 'Message many fans' })).toBeNull();
    await userEvent.click(await within(picker).findByRole('button', { name: 'Add Beach set' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Add 1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Message many fans' });
    const attached = within(dialog).getByRole('list', { name: 'Attached media' });
    expect(within(attached).getByText('Beach set')).toBeTruthy();

    await userEvent.click(within(dialog).getByLabelText('Lock the media behind a price'));
    await userEvent.type(within(dialog).getByLabelText('Price (USD)'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(posted()).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Price (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Price (USD)'), '9.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({
      segment: 'subscribers',
      text: '',
      lockedContent: { price: 9.99, mediaItems: [MEDIA_ID] },
    });
  });

  it('refuses a lock once the only item is removed', async () => {
    renderPage(<MassMessageDialog open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add media from vault' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Add Beach set' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Add 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message many fans' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hi');
    await userEvent.click(within(dialog).getByLabelText('Lock the media behind a price'));
    await userEvent.type(within(dialog).getByLabelText('Price (USD)'), '9.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Beach set' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    expect(await within(dialog).findByText('Add media to lock.')).toBeTruthy();
    expect(posted()).toEqual([]);
  });
});
