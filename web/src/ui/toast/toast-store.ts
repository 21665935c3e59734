/** Toasts (spec §3/§9): 5 s by default, 7 s for errors, blank messages never shown. */
import { create } from '../../lib/create-store.ts';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  title?: string;
  message: string;
  duration: number;
}

export interface ToastInput {
  type?: ToastType;
  title?: string;
  message: string;
  duration?: number;
}

export const DEFAULT_TOAST_DURATION_MS = 5_000;
export const ERROR_TOAST_DURATION_MS = 7_000;
/** Older toasts give way so a burst of failures cannot cover the screen. */
export const MAX_VISIBLE_TOASTS = 4;

interface ToastState {
  toasts: Toast[];
  /** Returns the new toast's id, or null when the message was blank. */
  show(input: ToastInput): string | null;
  dismiss(id: string): void;
  clear(): void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function stopTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export function durationFor(type: ToastType, requested?: number): number {
  if (requested !== undefined && requested > 0) return requested;
  return type === 'error' ? ERROR_TOAST_DURATION_MS : DEFAULT_TOAST_DURATION_MS;
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(input) {
    if (typeof input.message !== 'string' || input.message.trim() === '') return null;
    const type = input.type ?? 'info';
    counter += 1;
    const toast: Toast = {
      id: `toast-${Date.now().toString(36)}-${counter}`,
      type,
      title: input.title,
      message: input.message,
      duration: durationFor(type, input.duration),
    };
    const next = [...get().toasts, toast];
    const overflow = next.length - MAX_VISIBLE_TOASTS;
    if (overflow > 0) next.slice(0, overflow).forEach((old) => stopTimer(old.id));
    set({ toasts: overflow > 0 ? next.slice(overflow) : next });
    timers.set(
      toast.id,
      setTimeout(() => get().dismiss(toast.id), toast.duration),
    );
    return toast.id;
  },
  dismiss(id) {
    stopTimer(id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  clear() {
    for (const id of [...timers.keys()]) stopTimer(id);
    set({ toasts: [] });
  },
}));

/** Imperative helpers for code outside React (API client, stores). */
export const toast = {
  show: (input: ToastInput) => useToastStore.getState().show(input),
  success: (message: string, title?: string) =>
    useToastStore.getState().show({ type: 'success', message, title }),
  error: (message: string, title?: string) =>
    useToastStore.getState().show({ type: 'error', message, title }),
  warning: (message: string, title?: string) =>
    useToastStore.getState().show({ type: 'warning', message, title }),
  info: (message: string, title?: string) =>
    useToastStore.getState().show({ type: 'info', message, title }),
};
