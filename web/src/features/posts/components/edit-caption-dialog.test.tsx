import { EMPTY_POST_MESSAGE, type Post } from '@fanspace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { makePost } from '../../../test/post-fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { EditCaptionDialog } from './edit-caption-dialog.tsx';

let fetchMock: FetchMock;

const puts = (post: Post) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === `/api/posts/${post.id}` && init.method === 'PUT',
  );

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
});
afterEach(() => vi.unstubAllGlobals());

async function save(post: Post, caption: string, onClose = vi.fn()) {
  fetchMock.mockImplementation(async () => json({ ...post, caption }));
  renderPage(<EditCaptionDialog post={post} open onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Edit caption' });
  const field = within(dialog).getByLabelText('Caption');
  await userEvent.clear(field);
  if (caption) await userEvent.type(field, caption);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('EditCaptionDialog', () => {
  it('refuses a blank caption on a post without media, with the SPEC §5 text', async () => {
    const post = makePost({ isOwner: true, media: [], type: 'text' });
    expect(post.mediaCount).toBe(0);
    const onClose = vi.fn();
    const dialog = await save(post, '   ', onClose);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(EMPTY_POST_MESSAGE);
    expect(puts(post)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves a blank caption on a post with media', async () => {
    const post = makePost({ isOwner: true });
    expect(post.mediaCount).toBe(1);
    const onClose = vi.fn();
    await save(post, '', onClose);
    await waitFor(() => expect(puts(post)).toHaveLength(1));
    expect(JSON.parse(String(puts(post)[0]![1].body))).toEqual({ caption: '' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('saves a caption on a post without media', async () => {
    const post = makePost({ isOwner: true, media: [], type: 'text' });
    await save(post, 'Words only');
    await waitFor(() => expect(puts(post)).toHaveLength(1));
    expect(JSON.parse(String(puts(post)[0]![1].body))).toEqual({ caption: 'Words only' });
  });
});
