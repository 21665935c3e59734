/**
 * The plain 'Loading error' message with its Refresh link (spec §2), shown by the start-up's
 * last-resort boundary and by the route error page. Styled inline so it renders even when the
 * stylesheet failed to load. `onRefresh` runs instead of following the link (the start-up clears
 * its reload guard first); without it the link reloads the page.
 */
export function LoadingError({ onRefresh }: { onRefresh?: () => void }) {
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
      <a
        href="/"
        onClick={(event) => {
          event.preventDefault();
          if (onRefresh) onRefresh();
          else window.location.reload();
        }}
        style={{ color: '#c4b5fd' }}
      >
        Refresh
      </a>
    </div>
  );
}
