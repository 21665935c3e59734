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
import { useToastStore } from '../../../ui/toast/toast-store.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

let fetchMock: FetchMock;
const WRONG = 'Current password is incorrect';

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
  useToastStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

async function fill(current: string, next = 'a brand new secret') {
  await userEvent.clear(screen.getByLabelText('Current password'));
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.clear(screen.getByLabelText('New password'));
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.clear(screen.getByLabelText('Repeat new password'));
  await userEvent.type(screen.getByLabelText('Repeat new password'), next);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('ChangePasswordForm', () => {
  it('takes back a failed attempt’s error when a field is edited, and a later success shows none', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: WRONG, code: 'INVALID_PASSWORD' }, 400));
    renderPage(<ChangePasswordForm />);
    await fill('not my password');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);

    await userEvent.type(screen.getByLabelText('Current password'), '!');
    expect(screen.queryByRole('alert')).toBeNull();

    fetchMock.mockResolvedValueOnce(json({ message: 'Password changed' }));
    await fill('my real password');
    await submit();
    await waitFor(() =>
      expect(toastMessages()).toContain('Password changed. Your other sessions were signed out.'),
    );
    expect(screen.queryByText(WRONG)).toBeNull();
  });

  it('a failed attempt’s error does not stay beside the next attempt’s own checks', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: WRONG, code: 'INVALID_PASSWORD' }, 400));
    renderPage(<ChangePasswordForm />);
    await fill('not my password');
    await submit();
    expect(await screen.findByText(WRONG)).toBeTruthy();
    fetchMock.mockClear();
    await fill('not my password', 'short');
    await submit();
    expect(screen.getByText(/Use at least/)).toBeTruthy();
    expect(screen.queryByText(WRONG)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
