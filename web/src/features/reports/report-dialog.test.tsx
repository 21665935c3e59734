import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { ReportDialog } from './report-dialog.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.unstubAllGlobals());

const POST_ID = '11111111-1111-4111-8111-111111111111';

describe('ReportDialog', () => {
  it('sends the type, target, reason and details, then thanks the reporter', async () => {
    fetchMock.mockImplementation(async () =>
      json({ ok: true, reportId: 'r1', status: 'pending' }, 201),
    );
    const onClose = vi.fn();
    renderPage(
      <ReportDialog type="post" targetId={POST_ID} subject="this post" open onClose={onClose} />,
    );
    await userEvent.selectOptions(screen.getByLabelText('What is wrong?'), 'Someone under 18');
    await userEvent.type(screen.getByLabelText('Details (optional)'), 'Looks like a minor');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reports');
    expect(JSON.parse(String(init.body))).toEqual({
      type: 'post',
      targetId: POST_ID,
      reason: 'Someone under 18',
      details: 'Looks like a minor',
    });
    expect(toastMessages()).toContain('Thanks. Our moderators will review your report.');
  });

  it("shows the spec's failure text and stays open", async () => {
    fetchMock.mockImplementation(async () => json({ message: 'boom', code: 'INTERNAL' }, 500));
    const onClose = vi.fn();
    renderPage(
      <ReportDialog type="user" targetId={POST_ID} subject="@maya" open onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to submit report'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
