/**
 * What the server's render of a first view (server/src/platform/http/ssr.ts, spa-html.ts) and
 * the web app that hydrates it (web/src/main.tsx, app/startup/server-rendered.ts) agree on.
 */
/** on #root: the server rendered the page into it, for the browser to hydrate */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** the transparent layer over such a page until the app has taken it over */
export const SSR_SHIELD_ID = 'ssr-shield';
/** on the page's text fields the server made read-only until then */
export const SERVER_READONLY_ATTRIBUTE = 'data-ssr-readonly';
/** the browser's `<locale>|<time zone>`, for the page's dates and numbers */
export const INTL_COOKIE = 'fs_intl';
/** `theme|accent|font size|reduced motion|high contrast|sidebar collapsed` */
export const UI_COOKIE = 'fs_ui';

/** The themes, accents and font sizes the web app offers, in the order of `fs_ui`'s fields. */
export const UI_THEMES = ['dark', 'light'] as const;
export const UI_ACCENTS = ['purple', 'pink', 'blue', 'teal', 'orange'] as const;
export const UI_FONT_SIZES = ['small', 'medium', 'large'] as const;
export type UiTheme = (typeof UI_THEMES)[number];
export type UiAccent = (typeof UI_ACCENTS)[number];
export type UiFontSize = (typeof UI_FONT_SIZES)[number];
