import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { makeReport, pageInfo } from '../test/admin-fixtures.ts';
import { ReportsPage } from './reports-page.tsx';

let fetchMock: FetchMock;
let resolveStatus = 200;
const report = makeReport();

describe('ReportsPage', () => {
  beforeEach(() => {
    resolveStatus = 200;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/admin/reports') {
        const status = searchParams.get('status');
        const reports = status === 'pending' ? [report] : [];
        return json({ reports, ...pageInfo(reports.length) });
      }
      if (pathname === `/api/admin/reports/${report.id}/resolve` && init.method === 'POST') {
        if (resolveStatus !== 200)
          return json({ message: 'Nope', code: 'NOT_FOUND' }, resolveStatus);
        const body = JSON.parse(String(init.body)) as { action: string };
        const dismissed = body.action === 'dismiss';
        return json({
          report: { ...report, status: dismissed ? 'dismissed' : 'resolved', action: body.action },
          message: `Report ${dismissed ? 'dismissed' : 'resolved'} successfully`,
        });
      }
      if (pathname === '/api/admin/reports/bulk-resolve' && init.method === 'POST')
        return json({ message: '1 report resolved successfully', resolved: 1, failed: [] });
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('resolves a pending report with an action and notes and shows the server toast', async () => {
    renderPage(<ReportsPage />);
    const table = await screen.findByRole('table', { name: 'Reports' });
    expect(within(table).getByText('spam')).toBeTruthy();
    const first = new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams;
    expect(first.get('limit')).toBe('20');
    fireEvent.click(within(table).getByRole('button', { name: /Resolve report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report' });
    fireEvent.change(within(dialog).getByLabelText('Action'), {
      target: { value: 'delete_content' },
    });
    fireEvent.change(within(dialog).getByLabelText('Notes (optional)'), {
      target: { value: 'Clear spam' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMessages()).toContain('Report resolved successfully'));
    const resolve = fetchMock.mock.calls.find(([u]) => u.endsWith(`/reports/${report.id}/resolve`));
    expect(JSON.parse(String(resolve![1].body))).toEqual({
      action: 'delete_content',
      notes: 'Clear spam',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the report was dismissed when dismissing', async () => {
    renderPage(<ReportsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Resolve report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report' });
    fireEvent.change(within(dialog).getByLabelText('Action'), { target: { value: 'dismiss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMessages()).toContain('Report dismissed successfully'));
  });

  it('shows the failure toast when resolving fails', async () => {
    resolveStatus = 404;
    renderPage(<ReportsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Resolve report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to resolve report'));
    expect(toastMessages().some((m) => m.includes('successfully'))).toBe(false);
  });

  it('shows an empty state on a tab without reports', async () => {
    renderPage(<ReportsPage />);
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(screen.getByLabelText('Dismissed'));
    expect(await screen.findByText('No dismissed reports')).toBeTruthy();
  });

  it('rejects selected reports in bulk (remove content)', async () => {
    renderPage(<ReportsPage />);
    const table = await screen.findByRole('table', { name: 'Reports' });
    const reject = screen.getByRole('button', { name: 'Reject (remove content)' });
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: /Select report about/ }));
    fireEvent.click(reject);
    await waitFor(() => expect(toastMessages()).toContain('1 report resolved successfully'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/bulk-resolve'))!;
    expect(JSON.parse(String(call[1].body))).toEqual({
      reportIds: [report.id],
      action: 'delete_content',
    });
  });
});
