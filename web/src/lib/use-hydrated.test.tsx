import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated.ts';

function Badge() {
  return <span>{useHydrated() ? 'browser' : 'server'}</span>;
}

describe('useHydrated', () => {
  it('is false on the server and while hydrating, true right after', async () => {
    const html = renderToString(<Badge />);
    expect(html).toBe('<span>server</span>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Badge />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('browser');
    container.remove();
  });

  it('is true from the first render of a page the server did not render', () => {
    render(<Badge />);
    expect(screen.getByText('browser')).toBeTruthy();
  });
});
