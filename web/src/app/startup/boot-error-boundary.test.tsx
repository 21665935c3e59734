import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BootErrorBoundary } from './boot-error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

describe('BootErrorBoundary', () => {
  it("shows a plain 'Loading error' message with a Refresh link when rendering fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <BootErrorBoundary>
        <Broken />
      </BootErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Loading error');
    const link = screen.getByRole('link', { name: 'Refresh' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it('renders children when nothing fails', () => {
    render(
      <BootErrorBoundary>
        <p>App</p>
      </BootErrorBoundary>,
    );
    expect(screen.getByText('App')).toBeTruthy();
    expect(screen.queryByText('Loading error')).toBeNull();
  });
});
