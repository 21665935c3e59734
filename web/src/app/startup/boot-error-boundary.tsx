/**
 * Last-resort boundary around the whole app (spec §2): a plain 'Loading error' message with a
 * Refresh link. Styled inline so it renders even when the stylesheet failed to load.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadingError } from '../../ui/loading-error.tsx';
import { clearReloadFlag } from './reload-guard.ts';
import { markInteractive } from './server-rendered.ts';

interface State {
  failed: boolean;
}

export class BootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Fanspace failed to render', error, info.componentStack);
    // the error screen replaced a server-rendered page: its Refresh link must take taps
    markInteractive();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadingError onRefresh={refresh} />;
  }
}

/** A manual refresh is a fresh start: one automatic reload is allowed again. */
function refresh(): void {
  clearReloadFlag();
  window.location.reload();
}
