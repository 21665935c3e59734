import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api/index.ts';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderRoutes, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { bindCreatorGate, useCreatorGate } from '../creator-gate.ts';
import { BecomeCreatorModal } from './become-creator-modal.tsx';

let fetchMock: FetchMock;
let unbind: () => void;

function renderModal() {
  return renderRoutes([
    { path: '/', element: <BecomeCreatorModal /> },
    { path: '/settings/creator', element: <p>Creator settings</p> },
  ]).router;
}

async function post(): Promise<void> {
  await act(async () => {
    await apiClient.post('/posts', { caption: 'hi' }).catch(() => undefined);
  });
}

describe('BecomeCreatorModal (showBecomeCreatorModal)', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser());
    useCreatorGate.setState({ open: null });
    unbind = bindCreatorGate();
  });
  afterEach(() => {
    unbind();
    vi.unstubAllGlobals();
  });

  it("opens on a 403 whose message contains 'Only creators' and leads to verification", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Only creators can post' }, 403));
    const router = renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
    await post();
    expect(screen.getByRole('dialog', { name: 'Become a creator' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify my identity' }));
    expect(router.state.location.pathname).toBe('/settings/creator');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on the ONLY_CREATORS code too', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Creators only', code: 'ONLY_CREATORS' }, 403));
    renderModal();
    await post();
    expect(screen.getByRole('dialog', { name: 'Become a creator' })).toBeTruthy();
  });

  it("shows 'verification pending' for a 403 with requiresIdentityVerification", async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: 'Identity verification is required before posting',
          code: 'IDENTITY_VERIFICATION_REQUIRED',
          requiresIdentityVerification: true,
        },
        403,
      ),
    );
    renderModal();
    await post();
    expect(screen.getByRole('dialog', { name: 'Verification pending' })).toBeTruthy();
  });

  it('ignores other 403s and reads', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Forbidden', code: 'FORBIDDEN' }, 403));
    fetchMock.mockResolvedValueOnce(json({ message: 'Only creators can see this' }, 403));
    renderModal();
    await post();
    await act(async () => {
      await apiClient.get('/analytics').catch(() => undefined);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
