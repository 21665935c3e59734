/**
 * The attribute the server puts on #root when it rendered the page into it
 * (server/src/platform/http/ssr.ts): main.tsx then hydrates that HTML instead of rendering anew.
 * Until the app has taken the page over, pointer events pass through it (styles.css): a tap on a
 * button React does not answer yet would be lost, and an end-to-end test's click waits instead.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The server's page is the app's now – hydrated (the shell's PageReady), rendered again by React
 * after a mismatch, or replaced by the error screen: it answers taps.
 */
export function markInteractive(doc: Document = document): void {
  doc.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
}
