export const SPLASH_ID = 'splash';

/** Removes the static HTML splash (spec §2) with a short fade. */
export function removeSplash(doc: Document = document): void {
  const splash = doc.getElementById(SPLASH_ID);
  if (!splash) return;
  splash.style.transition = 'opacity 150ms ease-out';
  splash.style.opacity = '0';
  setTimeout(() => splash.remove(), 160);
}
