/**
 * The lazy modules a page load of each entry URL is certain to need, beyond the entry chunk.
 * Without help the browser finds them one round trip at a time – index.html → entry → app →
 * (session check) → shell → page – so the web build (vite.config.ts, routePreloads) resolves
 * these modules to their chunks and writes dist/route-preloads.json, and the server lists those
 * chunks as <link rel="modulepreload"> in the index.html of a matching URL
 * (server/src/platform/http/spa.ts). A module that is renamed fails the build.
 *
 * The `prefetch` modules are the pages' first queries, started when the session check ends
 * (route-data.ts). Only the URLs people land on are listed; every other URL still gets the app chunk. `/` is
 * the signed-in home feed for a member and the landing page for a visitor: the server tells
 * them apart by the session cookie (its presence only – a hint for what to fetch, nothing is
 * authorised by it) and gives a visitor the `visitor` list instead, so the landing page does
 * not download the shell and the feed.
 */
export const APP_MODULE = 'src/app/app.tsx';
/** start-up, which the entry (main.tsx) imports once the page is on screen */
export const START_MODULE = 'src/app/startup/start.tsx';
const SHELL = 'src/app/layout/app-shell.tsx';

export interface RoutePreload {
  /** a route pattern: `:name` matches one path segment */
  path: string;
  /** source files, relative to web/ */
  modules: readonly string[];
  /** what a visitor (no session cookie) needs there instead, when that differs */
  visitor?: readonly string[];
}

export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'] },
  { path: '/signup', modules: ['src/features/auth/pages/signup-page.tsx'] },
  {
    path: '/',
    modules: [SHELL, 'src/features/feed/pages/feed-page.tsx', 'src/features/feed/prefetch.ts'],
    visitor: ['src/features/home/pages/landing-page.tsx'],
  },
  {
    path: '/u/:username',
    modules: [
      SHELL,
      'src/features/profile/pages/profile-page.tsx',
      'src/features/profile/prefetch.ts',
    ],
  },
  { path: '/p/:postId', modules: [SHELL, 'src/features/posts/pages/post-page.tsx'] },
  { path: '/discover', modules: [SHELL, 'src/features/discover/pages/discover-page.tsx'] },
  { path: '/messages', modules: [SHELL, 'src/features/messages/pages/messages-page.tsx'] },
  {
    path: '/messages/:chatId',
    modules: [SHELL, 'src/features/messages/pages/messages-page.tsx'],
  },
  {
    path: '/notifications',
    modules: [SHELL, 'src/features/notifications/pages/notifications-page.tsx'],
  },
];
