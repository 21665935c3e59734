/** Shown while the main app chunk loads; matches the HTML splash so the hand-over is seamless. */
export function BootSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading Fanspace"
      className="flex min-h-dvh items-center justify-center bg-canvas"
    >
      <span className="h-9 w-9 animate-spin rounded-full border-[3px] border-accent/25 border-t-accent" />
    </div>
  );
}
