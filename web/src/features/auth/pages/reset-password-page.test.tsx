import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useAuthStore } from '../store.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

let fetchMock: FetchMock;

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opened while signed in: the reset ends this session too and the confirmation stays', async () => {
    signIn(makeMeUser({ id: 'u1' }));
    fetchMock.mockResolvedValueOnce(json({ ok: true, message: 'Password updated' }));
    const { router } = renderPage(<ResetPasswordPage />, {
      at: '/reset-password',
      others: ['/login'],
    });
    await act(() => router.navigate('/reset-password?token=abc'));
    await userEvent.type(screen.getByLabelText('New password'), 'Green-Kettle-43');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'Green-Kettle-43');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByText('Password updated')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc', password: 'Green-Kettle-43' });
    // every session was revoked by the server: the stale one must not linger here
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
