import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/store.ts';
import { SESSION_EXPIRED_MESSAGE } from '../lib/api/unauthorized.ts';
import { queryClient } from '../lib/query-client.ts';
import { json } from '../test/api-harness.ts';
import { makeMeUser } from '../test/fixtures.ts';
import { signIn, stubFetch, toastMessages } from '../test/render.tsx';
import { useToastStore } from '../ui/toast/toast-store.ts';
import { emitRealtime, realtimeListeners } from '../test/fake-realtime.ts';

vi.mock('../lib/realtime/realtime-client.ts', () => import('../test/fake-realtime.ts'));

const { useRealtimeBridge } = await import('./realtime-bridge.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.getState().clear();
});

describe('the realtime bridge', () => {
  it('says the session ended when the server revokes it, then signs out', async () => {
    stubFetch().mockResolvedValue(json({ ok: true }));
    signIn(makeMeUser({ username: 'fan' }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtimeBridge(), { wrapper });
    await waitFor(() => expect(realtimeListeners.get('session_revoked')?.size).toBe(1));
    act(() => emitRealtime('session_revoked', {}));
    expect(toastMessages()).toContain(SESSION_EXPIRED_MESSAGE);
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
  });
});
