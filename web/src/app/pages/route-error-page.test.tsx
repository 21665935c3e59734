import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as guard from '../startup/reload-guard.ts';
import { RELOAD_FLAG_KEY, reloadOnce } from '../startup/reload-guard.ts';
import { RouteErrorPage } from './route-error-page.tsx';

vi.mock('../startup/reload-guard.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof guard>();
  return { ...actual, reloadOnce: vi.fn(() => false) };
});

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

function renderAt(path: string, message = 'render failed') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        children: [{ path: 'broken', element: <Broken message={message} /> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteErrorPage', () => {
  afterEach(() => vi.mocked(reloadOnce).mockClear());

  it("shows a plain 'Loading error' message with a Refresh link when a page fails to render", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(screen.getByRole('alert').textContent).toContain('Loading error');
    const link = screen.getByRole('link', { name: 'Refresh' });
    expect(link.getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button')).toBeNull();
    expect(reloadOnce).not.toHaveBeenCalled();
  });

  it('reloads once for a failed page chunk and shows nothing meanwhile', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(reloadOnce).mockReturnValueOnce(true);
    renderAt('/broken', 'Failed to fetch dynamically imported module: /assets/page.js');
    expect(reloadOnce).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Loading error')).toBeNull();
  });

  it('shows the same plain message when the chunk still fails after the reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    renderAt('/broken', 'Failed to fetch dynamically imported module: /assets/page.js');
    expect(reloadOnce).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading error')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refresh' })).toBeTruthy();
    expect(screen.queryByText('A new version is available')).toBeNull();
  });

  it('keeps the not-found page for an unknown path', () => {
    renderAt('/nowhere');
    expect(screen.getByText('This page does not exist')).toBeTruthy();
    expect(screen.queryByText('Loading error')).toBeNull();
  });
});
