/** Admin · System logs: this server's recent structured logs, level filter, auto-refresh. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { RefreshIcon } from '../../ui/icons.tsx';
import { Switch } from '../../ui/switch.tsx';
import { adminKeys, fetchLogs, type LogLevel, type LogRecord } from '../api.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { SectionHeader, SelectField, StatusPill } from '../components/fields.tsx';
import { pollUnlessFailed } from '../../lib/query-client.ts';

export const LOG_REFRESH_MS = 5_000;

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

function levelOf(record: LogRecord): string {
  const level = record.level;
  if (typeof level === 'number') return LEVEL_NAMES[level] ?? String(level);
  return typeof level === 'string' ? level : 'info';
}

function timeOf(record: LogRecord): string {
  const time = record.time ?? record.timestamp;
  const date = typeof time === 'number' || typeof time === 'string' ? new Date(time) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

const HIDDEN = new Set([
  'level',
  'time',
  'timestamp',
  'msg',
  'message',
  'pid',
  'hostname',
  'v',
  '__key',
]);

function restOf(record: LogRecord): string {
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !HIDDEN.has(k)));
  return Object.keys(rest).length > 0 ? JSON.stringify(rest) : '';
}

const columns: Column<LogRecord & { __key: string }>[] = [
  {
    key: 'time',
    header: 'Time',
    render: (r) => <span className="whitespace-nowrap">{timeOf(r)}</span>,
  },
  { key: 'level', header: 'Level', render: (r) => <StatusPill status={levelOf(r)} /> },
  {
    key: 'msg',
    header: 'Message',
    render: (r) => {
      const msg = r.msg ?? r.message;
      const rest = restOf(r);
      return (
        <div className="max-w-2xl">
          <p className="text-fg">{typeof msg === 'string' ? msg : ''}</p>
          {rest ? (
            <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap break-all text-muted">
              {rest}
            </pre>
          ) : null}
        </div>
      );
    },
  },
];

export function LogsPage() {
  useDocumentTitle('Admin · System logs');
  const [level, setLevel] = useState<LogLevel | ''>('');
  const [limit, setLimit] = useState(200);
  const [auto, setAuto] = useState(false);
  const logs = useQuery({
    queryKey: adminKeys.logs(limit, level),
    queryFn: () => fetchLogs(limit, level),
    refetchInterval: auto ? pollUnlessFailed(LOG_REFRESH_MS) : false,
  });
  // the server answers newest first
  const rows = logs.data?.logs.map((r, i) => ({ ...r, __key: `${String(r.time ?? '')}-${i}` }));

  return (
    <div className="w-full">
      <SectionHeader
        title="System logs"
        description="This server's recent structured logs, newest first."
        actions={
          <Button
            variant="outline"
            size="sm"
            icon={<RefreshIcon size={16} />}
            loading={logs.isFetching && !auto}
            onClick={() => void logs.refetch()}
          >
            Refresh
          </Button>
        }
      />
      <div className="mb-4 grid max-w-2xl gap-3 sm:grid-cols-3 sm:items-end">
        <SelectField
          label="Lowest level"
          value={level}
          onChange={(e) => setLevel(e.target.value as LogLevel | '')}
          options={[
            { value: '', label: 'All levels' },
            { value: 'debug', label: 'Debug' },
            { value: 'info', label: 'Info' },
            { value: 'warn', label: 'Warnings' },
            { value: 'error', label: 'Errors' },
          ]}
        />
        <SelectField
          label="How many"
          value={String(limit)}
          onChange={(e) => setLimit(Number(e.target.value))}
          options={[100, 200, 500, 1000].map((n) => ({ value: String(n), label: `Last ${n}` }))}
        />
        <Switch
          label="Auto-refresh"
          description={`Every ${LOG_REFRESH_MS / 1000} seconds`}
          checked={auto}
          onChange={setAuto}
        />
      </div>
      <DataTable
        caption="System logs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.__key}
        isLoading={logs.isPending}
        error={logs.error}
        onRetry={() => void logs.refetch()}
        emptyTitle="No log lines"
        emptyDescription={level ? 'Nothing at this level or above yet.' : undefined}
      />
    </div>
  );
}
