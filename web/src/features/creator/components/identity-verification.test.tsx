import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { IdentityVerification } from './identity-verification.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('IdentityVerification', () => {
  it('offers only formats the server reads and clears a refusal once new photos are chosen', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      (init.method ?? 'GET') === 'GET'
        ? json({ identityStatus: 'none', submission: null })
        : json({ message: 'The file is not a supported image', code: 'INVALID_IMAGE' }, 400),
    );
    renderPage(<IdentityVerification />, { path: '/settings/creator' });
    const front = await screen.findByLabelText('Front of your ID');
    expect(front.getAttribute('accept')).not.toMatch(/heic|heif/i);

    pick('Front of your ID', photo('front.jpg'));
    pick('Selfie holding your ID', photo('selfie.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('The file is not a supported image')).toBeTruthy();

    pick('Front of your ID', photo('front-2.jpg'));
    await waitFor(() => expect(screen.queryByText('The file is not a supported image')).toBeNull());
  });
});
