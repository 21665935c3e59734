import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { makePost } from '../../../test/post-fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useCreatorGate } from '../../creator/creator-gate.ts';
import { bindCreatorGate } from '../../creator/creator-gate.ts';
import { useProfileQuery } from '../../profile/queries.ts';
import { FILE_INPUT_LABEL } from './attachments.tsx';
import { ComposerForm } from './composer-form.tsx';

let fetchMock: FetchMock;

const release = (id: string, modelName: string, status: 'signed' | 'pending') => ({
  releaseId: id,
  id,
  modelName,
  status,
  modelDob: status === 'signed' ? '1990-01-01' : null,
  idType: null,
  idNumber: null,
  idPhotoFront: null,
  idPhotoBack: null,
  modelHoldingIdPhoto: null,
  signatureDataUrl: null,
  creatorSignatureDataUrl: null,
  consentUrl: null,
  consentExpiresAt: null,
  signedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const RELEASES = [
  release('11111111-1111-4111-8111-111111111111', 'Robin Signed', 'signed'),
  release('22222222-2222-4222-8222-222222222222', 'Kim Pending', 'pending'),
];
let unbind: () => void;

function postCalls() {
  return fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/posts' && init.method === 'POST',
  );
}

beforeEach(() => {
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url) =>
    url === '/api/releases/list' ? json({ releases: RELEASES }) : json({}),
  );
  signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
  unbind = bindCreatorGate();
  useCreatorGate.setState({ open: null });
});
afterEach(() => {
  unbind();
  vi.unstubAllGlobals();
});

describe('composer', () => {
  it('names the upload control with its visible text in it (label in name)', () => {
    renderPage(<ComposerForm onPublished={vi.fn()} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const visible = input.closest('label')!.textContent!.trim();
    expect(visible).toBe('From device');
    const name = input.getAttribute('aria-label') ?? '';
    expect(name.toLowerCase()).toContain(visible.toLowerCase());
    expect(screen.getByLabelText(FILE_INPUT_LABEL)).toBe(input);
  });

  it('refuses an empty post with the spec message and sends nothing', async () => {
    const onPublished = vi.fn();
    renderPage(<ComposerForm onPublished={onPublished} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Cannot create an empty post. Please provide a caption or media.',
    );
    expect(postCalls()).toHaveLength(0);
    expect(onPublished).not.toHaveBeenCalled();
  });

  it('asks for a price between 3.00 and 200.00 for a paid post', async () => {
    renderPage(<ComposerForm onPublished={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Caption'), 'Northern lights');
    expect(screen.queryByLabelText('Price (USD)')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Pay to unlock' }));
    const price = screen.getByLabelText('Price (USD)');
    await userEvent.type(price, '2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('The price must be between $3.00 and $200.00.')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(postCalls()).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '200.01');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(postCalls()).toHaveLength(0);
  });

  it('publishes caption, access, price and hashtags as the contract’s JSON', async () => {
    const created = makePost({ isOwner: true });
    fetchMock.mockImplementation(async (url) =>
      url === '/api/posts' ? json(created, 201) : json({ message: 'nope' }, 404),
    );
    const onPublished = vi.fn();
    renderPage(<ComposerForm onPublished={onPublished} />);
    await userEvent.type(screen.getByLabelText('Caption'), 'Print of the aurora');
    await userEvent.type(screen.getByLabelText('Hashtags'), '#Aurora print{Enter}');
    await userEvent.click(screen.getByRole('radio', { name: 'Pay to unlock' }));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '4.99');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(onPublished).toHaveBeenCalledWith(created));
    const [, init] = postCalls()[0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      caption: 'Print of the aurora',
      accessDetails: { accessLevel: 'paid', price: 4.99 },
      hashtags: ['aurora', 'print'],
    });
  });

  it("refreshes the author's profile, whose post count now includes the new post", async () => {
    const created = makePost({ isOwner: true });
    let postsCount = 4;
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/posts') {
        postsCount = 5;
        return json(created, 201);
      }
      if (url.startsWith('/api/users/username/')) return json({ ...created.user, postsCount });
      return json({});
    });
    function Count() {
      const profile = useProfileQuery(created.user.username);
      return <p data-testid="posts-count">{profile.data?.postsCount}</p>;
    }
    const onPublished = vi.fn();
    renderPage(
      <>
        <Count />
        <ComposerForm onPublished={onPublished} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('posts-count').textContent).toBe('4'));
    await userEvent.type(screen.getByLabelText('Caption'), 'Fresh set');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledWith(created));
    await waitFor(() => expect(screen.getByTestId('posts-count').textContent).toBe('5'));
  });

  it('offers signed model releases only and sends the picked ones as modelReleaseIds', async () => {
    const created = makePost({ isOwner: true });
    fetchMock.mockImplementation(async (url) =>
      url === '/api/posts'
        ? json(created, 201)
        : url === '/api/releases/list'
          ? json({ releases: RELEASES })
          : json({}),
    );
    const onPublished = vi.fn();
    renderPage(<ComposerForm onPublished={onPublished} />);
    const signed = await screen.findByRole('checkbox', { name: 'Robin Signed' });
    const pending = screen.getByRole('checkbox', { name: /Kim Pending/ });
    expect((pending as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(signed);
    await userEvent.type(screen.getByLabelText('Caption'), 'Duet');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledWith(created));
    const [, init] = postCalls()[0]!;
    expect(JSON.parse(String(init.body)).modelReleaseIds).toEqual([RELEASES[0]!.id]);
  });

  it('shows "Identity verification pending" on a 403 with requiresIdentityVerification', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/posts'
        ? json(
            {
              message: 'Identity verification is required before posting',
              code: 'IDENTITY_VERIFICATION_REQUIRED',
              requiresIdentityVerification: true,
            },
            403,
          )
        : json({}, 404),
    );
    renderPage(<ComposerForm onPublished={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Caption'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Identity verification pending')).toBeTruthy();
    expect(useCreatorGate.getState().open).toBe('pending');
  });

  it('opens the become-creator modal on a 403 containing "Only creators"', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/posts'
        ? json({ message: 'Only creators can post', code: 'ONLY_CREATORS' }, 403)
        : json({}, 404),
    );
    renderPage(<ComposerForm onPublished={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Caption'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(useCreatorGate.getState().open).toBe('become'));
    expect(screen.getByRole('alert').textContent).toMatch(/Only creators can post/);
  });
});
