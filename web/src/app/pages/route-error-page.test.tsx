import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page.tsx';

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
  it("shows a plain 'Loading error' message with a Refresh link that reloads the page", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderAt('/broken');
    expect(screen.getByRole('alert').textContent).toContain('Loading error');
    const link = screen.getByRole('link', { name: 'Refresh' });
    expect(link.getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button')).toBeNull();
    fireEvent.click(link);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('shows the same plain message for a page chunk that failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken', 'Failed to fetch dynamically imported module: /assets/page.js');
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
