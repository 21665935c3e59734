/**
 * Last-resort boundary around the whole app (spec §2): a plain 'Loading error' message with a
 * Refresh link. Styled inline so it renders even when the stylesheet failed to load.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
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
    return <LoadingError />;
  }
}

/** A manual refresh is a fresh start: one automatic reload is allowed again. */
function refresh(event: { preventDefault(): void }): void {
  event.preventDefault();
  clearReloadFlag();
  window.location.reload();
}

/**
 * The plain 'Loading error' message with its Refresh link (spec §2), shared with the route
 * error page.
 */
export function LoadingError() {
  return (
    <div
      role="alert"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        fontFamily: 'system-ui, sans-serif',
        background: '#0b0a10',
        color: '#f3f1f8',
      }}
    >
      <p style={{ margin: 0, fontSize: 18 }}>Loading error</p>
      <a href="/" onClick={refresh} style={{ color: '#c4b5fd' }}>
        Refresh
      </a>
    </div>
  );
}
