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
const flag = makeReport({
  id: '66666666-6666-4666-8666-666666666666',
  source: 'auto',
  reporter: null,
  reporterCount: 3,
  priority: 'high',
  reason: 'Automatic flag: “casino”',
});

describe('ReportsPage', () => {
  beforeEach(() => {
    resolveStatus = 200;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/admin/reports') {
        const status = searchParams.get('status');
        const source = searchParams.get('source');
        const reports =
          status !== 'pending'
            ? []
            : source === 'auto'
              ? [flag]
              : source
                ? [report]
                : [report, flag];
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
    expect(within(table).getAllByText('spam')).toHaveLength(1);
    const first = new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams;
    expect(first.get('limit')).toBe('20');
    fireEvent.click(within(table).getByRole('button', { name: /Resolve report about post spam/ }));
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
    fireEvent.click(await screen.findByRole('button', { name: /Resolve report about post spam/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report' });
    fireEvent.change(within(dialog).getByLabelText('Action'), { target: { value: 'dismiss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMessages()).toContain('Report dismissed successfully'));
  });

  it('shows the failure toast when resolving fails', async () => {
    resolveStatus = 404;
    renderPage(<ReportsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Resolve report about post spam/ }));
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

  it('marks automatic flags and high priority, filters by source and sorts by a header', async () => {
    renderPage(<ReportsPage />);
    const table = await screen.findByRole('table', { name: 'Reports' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2]!).getByText('Automatic flag')).toBeTruthy();
    expect(within(rows[2]!).getByText('High priority')).toBeTruthy();
    expect(within(rows[2]!).getByText('Flagged terms')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Automatic flag')).toBeNull();
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'auto' } });
    await waitFor(() => expect(within(table).queryByText('spam')).toBeNull());
    let last = new URL(fetchMock.mock.calls.at(-1)![0], 'http://x').searchParams;
    expect(last.get('source')).toBe('auto');
    fireEvent.click(within(table).getByRole('button', { name: 'Reporters' }));
    await waitFor(() => {
      last = new URL(fetchMock.mock.calls.at(-1)![0], 'http://x').searchParams;
      expect(last.get('sortBy')).toBe('reporterCount');
    });
    expect(last.get('order')).toBe('desc');
    expect(last.get('page')).toBe('1');
    expect(
      within(table).getByRole('columnheader', { name: 'Reporters' }).getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('rejects selected reports in bulk (remove content)', async () => {
    renderPage(<ReportsPage />);
    const table = await screen.findByRole('table', { name: 'Reports' });
    const reject = screen.getByRole('button', { name: 'Reject (remove content)' });
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getAllByRole('checkbox', { name: /Select report about/ })[0]!);
    fireEvent.click(reject);
    await waitFor(() => expect(toastMessages()).toContain('1 report resolved successfully'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/bulk-resolve'))!;
    expect(JSON.parse(String(call[1].body))).toEqual({
      reportIds: [report.id],
      action: 'delete_content',
    });
  });
});
