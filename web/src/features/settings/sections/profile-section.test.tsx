import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { uploadProfileImage } from '../settings-api.ts';
import { ProfileSection } from './profile-section.tsx';

let fetchMock: FetchMock;
const saved = { displayName: 'Ana', username: 'ana', bio: 'Hello' };

async function editAndSave(changes: Partial<Record<'Display name' | 'Username' | 'Bio', string>>) {
  renderPage(<ProfileSection />);
  for (const [label, value] of Object.entries(changes)) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, value);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
}

function lastBody(): unknown {
  const call = fetchMock.mock.calls.at(-1)!;
  return JSON.parse(String(call[1].body));
}

describe('Settings → Profile toasts (spec §5)', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser(saved));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends only the bio and says 'Bio updated!' when only the bio changed", async () => {
    fetchMock.mockResolvedValueOnce(json(makeMeUser({ ...saved, bio: 'New bio' })));
    await editAndSave({ Bio: 'New bio' });
    await waitFor(() => expect(toastMessages()).toEqual(['Bio updated!']));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/me');
    expect(fetchMock.mock.calls[0]![1].method).toBe('PUT');
    expect(lastBody()).toEqual({ bio: 'New bio' });
    expect(useAuthStore.getState().user?.bio).toBe('New bio');
  });

  it("says 'Username updated!' when only the username changed", async () => {
    fetchMock.mockResolvedValueOnce(json(makeMeUser({ ...saved, username: 'ana.b' })));
    await editAndSave({ Username: 'ana.b' });
    await waitFor(() => expect(toastMessages()).toEqual(['Username updated!']));
    expect(lastBody()).toEqual({ username: 'ana.b' });
  });

  it("says 'Profile details updated!' when several fields changed", async () => {
    fetchMock.mockResolvedValueOnce(json(makeMeUser({ ...saved, displayName: 'Ana B', bio: 'x' })));
    await editAndSave({ 'Display name': 'Ana B', Bio: 'x' });
    await waitFor(() => expect(toastMessages()).toEqual(['Profile details updated!']));
    expect(lastBody()).toEqual({ displayName: 'Ana B', bio: 'x' });
  });

  it("says 'Failed to update profile. Please try again.' when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        { message: 'Username is already taken', code: 'USERNAME_TAKEN', field: 'username' },
        409,
      ),
    );
    await editAndSave({ Username: 'taken' });
    await waitFor(() =>
      expect(toastMessages()).toEqual(['Failed to update profile. Please try again.']),
    );
    expect(screen.getByText('Username is already taken')).toBeTruthy();
    expect(useAuthStore.getState().user?.username).toBe('ana');
  });
});

describe('avatar and banner uploads', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser(saved));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends nothing when the image is not a data-URL image', async () => {
    expect(await uploadProfileImage('avatar', 'https://cdn.example/me.png')).toBeNull();
    expect(await uploadProfileImage('avatar', 'data:text/plain;base64,aGVsbG8=')).toBeNull();
    expect(await uploadProfileImage('banner', '')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a data-URL image as {image}', async () => {
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    fetchMock.mockResolvedValueOnce(
      json(makeMeUser({ ...saved, avatarUrl: '/api/files/public/a.webp' })),
    );
    await uploadProfileImage('avatar', image);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/me/avatar');
    expect(fetchMock.mock.calls[0]![1].method).toBe('PUT');
    expect(lastBody()).toEqual({ image });
  });

  it('refuses a picked file that is not an image without calling the server', async () => {
    renderPage(<ProfileSection />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Choose an image file (JPEG, PNG, WebP or GIF).')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('social links', () => {
  const link = { id: 'l1', platform: 'Instagram', url: 'https://instagram.com/ana' };
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ ...saved, socialLinks: [link] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  async function addLink(url: string) {
    renderPage(<ProfileSection />);
    await userEvent.type(screen.getByLabelText('Link address'), url);
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
  }

  it("says 'Link added!' when the link is new", async () => {
    const added = { id: 'l2', platform: 'Instagram', url: 'https://instagram.com/ana2' };
    fetchMock.mockResolvedValueOnce(json(makeMeUser({ ...saved, socialLinks: [link, added] })));
    await addLink(added.url);
    await waitFor(() => expect(toastMessages()).toEqual(['Link added!']));
    expect(lastBody()).toEqual({ socialLinks: [{ platform: 'Instagram', url: added.url }] });
  });

  it('does not claim a link was added when the profile already had it', async () => {
    // the server skips the duplicate and answers with the unchanged account
    fetchMock.mockResolvedValueOnce(json(makeMeUser({ ...saved, socialLinks: [link] })));
    await addLink(link.url);
    await waitFor(() => expect(toastMessages()).toEqual(['That link is already on your profile.']));
  });
});
