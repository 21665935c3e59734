import { screen, waitFor, within } from '@testing-library/react';
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
import { NotificationsSection } from './notifications-section.tsx';

let fetchMock: FetchMock;

describe('Settings → Notifications', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(
      makeMeUser({
        id: 'u1',
        username: 'ana',
        preferences: { theme: 'dark', notifications: { like: false, digest: true } },
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows one switch per type from preferences.notifications and saves with the spec toast', async () => {
    renderPage(<NotificationsSection />);
    const likes = screen.getByRole('switch', { name: 'Likes' });
    const follows = screen.getByRole('switch', { name: 'New followers' });
    expect(likes.getAttribute('aria-checked')).toBe('false');
    expect(follows.getAttribute('aria-checked')).toBe('true');
    const form = screen.getByRole('form', { name: 'Notification settings' });
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const saved = { like: true, follow: false, digest: true };
    fetchMock.mockResolvedValueOnce(
      json(
        makeMeUser({
          id: 'u1',
          username: 'ana',
          preferences: { theme: 'dark', notifications: saved },
        }),
      ),
    );
    await userEvent.click(likes);
    await userEvent.click(follows);
    await userEvent.click(save);

    await waitFor(() => expect(toastMessages()).toContain('Notification settings updated!'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(String(init.body)) as {
      preferences: { notifications: Record<string, boolean> };
    };
    expect(body.preferences.notifications).toMatchObject({
      like: true,
      follow: false,
      digest: true,
    });
    expect(body.preferences.notifications.message).toBe(true);
    expect(useAuthStore.getState().user?.preferences.notifications).toEqual(saved);
  });

  it('saves push preferences as notifications.push and notifications.pushTypes', async () => {
    renderPage(<NotificationsSection />);
    fetchMock.mockResolvedValueOnce(json(makeMeUser({ id: 'u1', username: 'ana' })));
    await userEvent.click(screen.getByText('Choose what is pushed'));
    const form = screen.getByRole('form', { name: 'Push settings' });
    await userEvent.click(within(form).getByRole('switch', { name: 'Push notifications' }));
    await userEvent.click(within(form).getByRole('switch', { name: 'Push: tips' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages()).toContain('Notification settings updated!'));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body)) as {
      preferences: { notifications: Record<string, unknown> };
    };
    expect(body.preferences.notifications).toMatchObject({
      like: false,
      digest: true,
      push: false,
      pushTypes: { tip: false, message: true },
    });
  });

  it('says when this browser cannot do push', () => {
    renderPage(<NotificationsSection />);
    expect(screen.getByRole('region', { name: 'Push notifications' }).textContent).toMatch(
      /can't show push notifications|secure \(https\)/,
    );
  });
});
