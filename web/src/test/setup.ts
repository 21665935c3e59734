import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useToastStore } from '../ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  useToastStore.getState().clear();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});
