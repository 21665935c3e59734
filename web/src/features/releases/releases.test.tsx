import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, signOut, stubFetch, type FetchMock } from '../../test/render.tsx';
import { isAdult, releaseFormError } from './components/release-form.tsx';
import { ConsentPage } from './pages/consent-page.tsx';
import { ReleasesPage } from './pages/releases-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

describe('release form rules (spec §3, §5)', () => {
  const model = {
    modelName: 'Robin',
    modelDob: '1990-05-01',
    idType: 'passport',
    idNumber: 'AB123456',
    signatureDataUrl: 'data:image/png;base64,AAAA',
  };
  const files = { idPhotoFront: file('f.jpg'), modelHoldingIdPhoto: file('h.jpg') };

  it('accepts a complete release; only the back of the ID is optional', () => {
    expect(releaseFormError(model, files, 'data:image/png;base64,BBBB')).toBeNull();
    expect(releaseFormError(model, { idPhotoFront: files.idPhotoFront }, undefined)).toBe(
      'Add the photo of the model holding the id.',
    );
    expect(releaseFormError({ ...model, signatureDataUrl: '' }, files, undefined)).toBe(
      'The model must sign the release.',
    );
    expect(releaseFormError(model, files, null)).toBe('Add your own signature as the creator.');
  });

  it('refuses minors by date of birth', () => {
    const today = new Date(2026, 10, 22);
    expect(isAdult('2008-11-22', today)).toBe(true);
    expect(isAdult('2008-11-23', today)).toBe(false);
    expect(releaseFormError({ ...model, modelDob: '2020-01-01' }, files, undefined)).toBe(
      'The model must be at least 18 years old.',
    );
  });
});

describe('ReleasesPage', () => {
  it('lists releases and creates a consent link to copy', async () => {
    signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/releases/list') return json({ releases: [] });
      if (url === '/api/releases/pending' && init.method === 'POST')
        return json(
          {
            release: { id: 'r1', modelName: 'Sam Guest', status: 'pending' },
            consentUrl: `http://localhost:3000/releases/consent/${TOKEN}`,
          },
          201,
        );
      return json({});
    });
    renderPage(<ReleasesPage />);
    expect(await screen.findByText('No model releases yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Invite by link' }));
    await userEvent.type(screen.getByLabelText("Co-performer's full legal name"), 'Sam Guest');
    await userEvent.click(screen.getByRole('button', { name: 'Create consent link' }));
    const link = (await screen.findByLabelText('Consent link')) as HTMLInputElement;
    expect(link.value).toContain(`/releases/consent/${TOKEN}`);
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/releases/pending')!;
    expect(JSON.parse(String(init.body))).toEqual({ modelName: 'Sam Guest' });
  });
});

describe('ConsentPage', () => {
  beforeEach(() => signOut());

  it('explains an invalid link', async () => {
    fetchMock.mockImplementation(async () =>
      json(
        {
          message: 'This consent link is invalid or has expired. Ask the creator for a new one.',
          code: 'CONSENT_LINK_INVALID',
        },
        404,
      ),
    );
    renderPage(<ConsentPage />, {
      path: '/releases/consent/:token',
      at: `/releases/consent/${TOKEN}`,
    });
    expect(await screen.findByText('This link does not work')).toBeTruthy();
  });

  it('lets the co-performer sign with a typed signature and sends every field', async () => {
    // jsdom has no canvas: draw the typed signature on a stub that yields a fixed PNG
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      fillRect: vi.fn(),
      fillText: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(
      'data:image/png;base64,SIGN',
    );
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'POST')
        return json({ status: 'signed', signedAt: '2026-11-22T10:00:00.000Z' });
      return json({
        modelName: 'Sam Guest',
        creatorName: 'Ava Creator',
        creatorUsername: 'ava',
        status: 'pending',
        expiresAt: '2026-12-06T10:00:00.000Z',
        terms: 'I confirm that I am at least 18 years old.',
      });
    });
    renderPage(<ConsentPage />, {
      path: '/releases/consent/:token',
      at: `/releases/consent/${TOKEN}`,
    });
    expect(await screen.findByText('I confirm that I am at least 18 years old.')).toBeTruthy();
    expect((screen.getByLabelText("Model's full legal name") as HTMLInputElement).value).toBe(
      'Sam Guest',
    );

    await userEvent.type(screen.getByLabelText('Date of birth'), '1994-03-02');
    await userEvent.selectOptions(screen.getByLabelText('ID type'), 'passport');
    await userEvent.type(screen.getByLabelText('ID number'), 'P-998877');
    await userEvent.upload(
      screen.getByLabelText('Photo of the front of the ID'),
      file('front.jpg'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign the release' }));
    expect(screen.getByRole('alert').textContent).toContain('holding the id');

    await userEvent.upload(
      screen.getByLabelText('Photo of the model holding the ID'),
      file('hold.jpg'),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Type' }));
    await userEvent.type(screen.getByLabelText('Type the full name as a signature'), 'Sam Guest');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the release' }));

    expect(await screen.findByText('Thank you, Sam Guest')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i.method === 'POST')!;
    expect(url).toBe(`/api/releases/consent/${TOKEN}`);
    const form = init.body as FormData;
    expect(form.get('modelName')).toBe('Sam Guest');
    expect(form.get('modelDob')).toBe('1994-03-02');
    expect(form.get('idType')).toBe('passport');
    expect(form.get('idNumber')).toBe('P-998877');
    expect(form.get('signatureDataUrl')).toBe('data:image/png;base64,SIGN');
    expect((form.get('idPhotoFront') as File).name).toBe('front.jpg');
    expect((form.get('modelHoldingIdPhoto') as File).name).toBe('hold.jpg');
    expect(form.get('idPhotoBack')).toBeNull();
    await waitFor(() => expect(form.get('creatorSignatureDataUrl')).toBeNull());
  });
});
