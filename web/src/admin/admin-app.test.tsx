import { ADMIN_SECTIONS } from './sections.ts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/api-harness.ts';
import { makeMeUser } from '../test/fixtures.ts';
import { renderRoutes, signIn, stubFetch, type FetchMock } from '../test/render.tsx';
import { AdminApp } from './admin-app.tsx';

let fetchMock: FetchMock;
const routes = [{ path: 'admin/*', element: <AdminApp /> }];

describe('AdminApp', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async () =>
      json({ message: 'Admins only', code: 'ADMIN_REQUIRED' }, 403),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells a fan the back office is for admins only and calls no admin route', async () => {
    signIn(makeMeUser({ isAdmin: false, role: 'fan' }));
    renderRoutes(routes, { at: '/admin/users' });
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the sections to an admin and warns when 2FA is off', async () => {
    signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: false }));
    renderRoutes(routes, { at: '/admin/support' });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(nav.querySelectorAll('a')).toHaveLength(ADMIN_SECTIONS.length);
    expect(screen.getByRole('heading', { level: 1, name: 'Support tickets' })).toBeTruthy();
    // the section calls its route; this admin is refused (403), so the table says so
    expect(await screen.findByText('Could not load support tickets')).toBeTruthy();
    expect(screen.getByText(/Admin tools need two-factor authentication/)).toBeTruthy();
  });
});
