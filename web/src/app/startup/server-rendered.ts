/**
 * The attribute the server puts on #root when it rendered the page into it
 * (server/src/platform/http/ssr.ts): main.tsx then hydrates that HTML instead of rendering anew.
 * Until the app has taken the page over, a transparent layer lies over it and its text fields
 * are read-only: a tap on a button React does not answer yet, or text typed into a field whose
 * state React does not have yet, would be lost – and an end-to-end test's click or fill waits
 * instead.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/**
 * The transparent layer the server puts over the page until then (styles.css): removing one
 * element, rather than changing an inherited style of the whole page, costs no style
 * recalculation of every element (a long task on a phone).
 */
export const SHIELD_ID = 'ssr-shield';
/** on the text fields the server made read-only until the app has taken the page over */
export const SERVER_READONLY_ATTRIBUTE = 'data-ssr-readonly';

/**
 * The server's page is the app's now – hydrated (the shell's PageReady), rendered again by React
 * after a mismatch, or replaced by the error screen: it answers taps.
 */
export function markInteractive(doc: Document = document): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
  root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  doc.getElementById(SHIELD_ID)?.remove();
  // the text fields the server made read-only until now (server/…/spa-html.ts)
  for (const field of root.querySelectorAll(`[${SERVER_READONLY_ATTRIBUTE}]`)) {
    field.removeAttribute('readonly');
    field.removeAttribute(SERVER_READONLY_ATTRIBUTE);
  }
}
