import {
  SERVER_READONLY_ATTRIBUTE,
  SERVER_RENDERED_ATTRIBUTE,
  SSR_SHIELD_ID,
} from '@fanspace/contracts/server-render';

/**
 * The attribute the server puts on #root when it rendered the page into it
 * (server/src/platform/http/ssr.ts): main.tsx then hydrates that HTML instead of rendering anew.
 * Until the app has taken the page over, a transparent layer lies over it and its text fields
 * are read-only: a tap on a button React does not answer yet, or text typed into a field whose
 * state React does not have yet, would be lost – and an end-to-end test's click or fill waits
 * instead.
 */
export { SERVER_READONLY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE, SSR_SHIELD_ID };

/**
 * The server's page is the app's now – hydrated (the shell's PageReady), rendered again by React
 * after a mismatch, or replaced by the error screen: it answers taps.
 */
export function markInteractive(doc: Document = document): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
  root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  // one element removed: no style recalculation of the whole page (a long task on a phone)
  doc.getElementById(SSR_SHIELD_ID)?.remove();
  // the text fields the server made read-only until now (server/…/spa-html.ts)
  for (const field of root.querySelectorAll(`[${SERVER_READONLY_ATTRIBUTE}]`)) {
    field.removeAttribute('readonly');
    field.removeAttribute(SERVER_READONLY_ATTRIBUTE);
  }
}
