import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useBetaAccess } from '../beta-access.ts';
import { BetaPage } from './beta-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
  useBetaAccess.setState({ hasAccess: true, revoked: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('BetaPage', () => {
  it('keeps the "Beta tester" pill on one line next to the status text on phones', async () => {
    fetchMock.mockImplementation(async () => json({ features: [] }));
    renderPage(<BetaPage />, { path: '/beta' });
    const pill = await screen.findByText('Beta tester');
    expect(pill.className).toContain('whitespace-nowrap');
    expect(pill.className).toContain('shrink-0');
  });
});
