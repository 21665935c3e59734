import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, toastMessages } from '../../../test/render.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { TwoFactorSettings } from './two-factor-settings.tsx';

describe('two-factor settings', () => {
  let enabled: boolean;
  beforeEach(() => {
    enabled = true;
    stubFetch().mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/auth/2fa/status')
        return json({ enabled, backupCodesRemaining: enabled ? 10 : 0 });
      if (pathname === '/api/auth/2fa/disable' && init.method === 'POST') {
        enabled = false;
        return json({ enabled: false, message: 'Two-factor authentication disabled' });
      }
      if (pathname === '/api/users/me')
        return json(makeMeUser({ id: 'u9', username: 'ada', twoFactorEnabled: enabled }));
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ id: 'u9', username: 'ada', twoFactorEnabled: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turning it off updates the signed-in account, not only the status card', async () => {
    renderPage(<TwoFactorSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor' }));
    await userEvent.type(screen.getByLabelText('Code from your app or a backup code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));

    await waitFor(() => expect(toastMessages()).toContain('Two-factor authentication is off.'));
    // the admin area reads twoFactorEnabled from the stored user
    await waitFor(() => expect(useAuthStore.getState().user?.twoFactorEnabled).toBe(false));
  });
});
