/**
 * The §4 sync state machine: idle → syncing, progress 0 to 100 in steps of 10 every 100 ms →
 * idle with lastSync, or error. The server call runs alongside the animation; if it is slower
 * than the animation, progress waits at 90 until it answers, so 100 always means done.
 */
import type { SyncStatus } from '@fanspace/contracts';

export interface SyncState {
  status: SyncStatus;
  progress: number;
  lastSync: string | null;
  error: string | null;
}

export const SYNC_STEP = 10;
export const SYNC_TICK_MS = 100;

export const initialSyncState: SyncState = {
  status: 'idle',
  progress: 0,
  lastSync: null,
  error: null,
};

export interface SyncRun {
  /** the server call; resolves with the time of the sync */
  call: () => Promise<{ lastSync: string }>;
  /** every state the run goes through, in order */
  onChange: (state: SyncState) => void;
  /** the state before the run (its lastSync survives an error) */
  from: SyncState;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runSync({ call, onChange, from, wait = sleep }: SyncRun): Promise<SyncState> {
  let state: SyncState = { ...from, status: 'syncing', progress: 0, error: null };
  onChange(state);
  let outcome: { ok: true; lastSync: string } | { ok: false; error: string } | null = null;
  const settled = call().then(
    (result) => {
      outcome = { ok: true, lastSync: result.lastSync };
    },
    (error: unknown) => {
      outcome = { ok: false, error: error instanceof Error ? error.message : 'Sync failed' };
    },
  );
  while (state.progress < 100) {
    await wait(SYNC_TICK_MS);
    const failed = outcome !== null && !(outcome as { ok: boolean }).ok;
    if (failed) break;
    // hold at 90 until the server has answered
    if (state.progress + SYNC_STEP >= 100 && outcome === null) {
      await settled;
      continue;
    }
    state = { ...state, progress: state.progress + SYNC_STEP };
    onChange(state);
  }
  await settled;
  const result = outcome as { ok: true; lastSync: string } | { ok: false; error: string } | null;
  state =
    result && result.ok
      ? { status: 'idle', progress: 100, lastSync: result.lastSync, error: null }
      : {
          ...state,
          status: 'error',
          error: result && !result.ok ? result.error : 'Sync failed',
        };
  onChange(state);
  return state;
}
