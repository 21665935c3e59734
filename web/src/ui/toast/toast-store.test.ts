import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore, MAX_VISIBLE_TOASTS } from './toast-store.ts';

describe('toasts', () => {
  beforeEach(() => useToastStore.getState().clear());

  it('shows info, success and warning for 5 s and errors for 7 s', () => {
    vi.useFakeTimers();
    toast.info('Saved to drafts');
    toast.error('Upload failed');
    const [info, error] = useToastStore.getState().toasts;
    expect(info).toMatchObject({ type: 'info', message: 'Saved to drafts', duration: 5_000 });
    expect(error).toMatchObject({ type: 'error', message: 'Upload failed', duration: 7_000 });
    expect(toast.success('ok') && useToastStore.getState().toasts.at(-1)?.duration).toBe(5_000);
    expect(toast.warning('careful') && useToastStore.getState().toasts.at(-1)?.duration).toBe(
      5_000,
    );

    vi.advanceTimersByTime(4_999);
    expect(useToastStore.getState().toasts).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts.map((t) => t.type)).toEqual(['error']);
    vi.advanceTimersByTime(2_000);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('respects an explicit duration', () => {
    vi.useFakeTimers();
    toast.show({ type: 'success', message: 'Copied', duration: 1_500 });
    vi.advanceTimersByTime(1_499);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('ignores blank messages', () => {
    expect(toast.error('')).toBeNull();
    expect(toast.info('   ')).toBeNull();
    expect(useToastStore.getState().show({ message: '\n\t' })).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('keeps id, type, title, message and duration, and can be dismissed', () => {
    const id = toast.show({ type: 'warning', title: 'Heads up', message: 'Low balance' });
    expect(id).toEqual(expect.any(String));
    expect(useToastStore.getState().toasts[0]).toEqual({
      id,
      type: 'warning',
      title: 'Heads up',
      message: 'Low balance',
      duration: 5_000,
    });
    useToastStore.getState().dismiss(id!);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('stacks newest last and drops the oldest beyond the limit', () => {
    for (let i = 1; i <= MAX_VISIBLE_TOASTS + 2; i += 1) toast.info(`message ${i}`);
    const messages = useToastStore.getState().toasts.map((t) => t.message);
    expect(messages).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(messages.at(-1)).toBe(`message ${MAX_VISIBLE_TOASTS + 2}`);
    expect(messages[0]).toBe('message 3');
  });
});
