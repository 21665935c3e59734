import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';

function renderPage(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('legal pages', () => {
  it.each([
    ['Terms of Service', <TermsPage key="terms" />],
    ['Privacy Policy', <PrivacyPage key="privacy" />],
  ])(
    '%s links the ways to reach the operator: the public contact form and the support desk',
    (title, page) => {
      renderPage(page);
      screen.getByRole('heading', { level: 1, name: title });
      expect(screen.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe(
        '/contact',
      );
      const desk = screen.getByRole('link', { name: 'support desk' });
      expect(desk.getAttribute('href')).toBe('/support');
      expect(desk.closest('p')?.textContent).toMatch(/signed in/);
    },
  );
});
