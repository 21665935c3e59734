/**
 * Server rendering of the first view (docs/PERFORMANCE.md, "Server-rendered first view"): the
 * server (server/src/platform/http/ssr.ts) imports this module's build (`dist-ssr/`) and renders
 * a signed-in `/` or profile from the boot data it already embeds – the same API answers, routes,
 * components and query options as the browser – so the page paints from the HTML instead of
 * after ~200 KB of script, and the browser hydrates it (main.tsx). Nothing here goes to the
 * network (the boot answers are installed `exclusive`): a query they do not answer is left
 * pending, and the browser starts it.
 *
 * The stores are the app's module singletons, so renders run one at a time and every store is
 * put back to its initial state after each – one member's session never reaches another's page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/startup/app-frame.tsx';
import { loadRouteData } from './app/route-data.ts';
import { routes } from './app/routes.tsx';
import { useAuthStore } from './features/auth/store.ts';
import { extractUser } from './features/auth/user.ts';
import { useUiSettings } from './features/settings/store.ts';
import { bindApiSession, clearApiCache, installBootResponses } from './lib/api/index.ts';
import { setDisplayIntl, type DisplayIntl } from './lib/intl.ts';
import { QUERY_DEFAULTS, queriesSettled } from './lib/query-client.ts';
import { Toaster } from './ui/toast/toaster.tsx';

export interface RenderInput {
  /** the page's path, e.g. `/` or `/u/maya.lens` */
  pathname: string;
  /** the boot data's API answers by path and query (`/users/me`, `/posts?limit=…`) */
  responses: Record<string, unknown>;
  /** the browser's locale and time zone (its `fs_intl` cookie), for dates and numbers */
  intl?: DisplayIntl;
  /** the member's layout (its `fs_ui` cookie) */
  ui?: { sidebarCollapsed: boolean };
  /** how long the render may take before it is given up */
  timeoutMs: number;
}

const ME = '/users/me';

let queue: Promise<unknown> = Promise.resolve();

/** One render at a time: the stores are shared by the whole module. */
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const initialAuth = useAuthStore.getState();
const initialUi = useUiSettings.getState();

bindApiSession({
  getToken: () => useAuthStore.getState().token,
  isAuthenticated: () => useAuthStore.getState().isAuthenticated,
  isAuthReady: () => useAuthStore.getState().authReady,
  getLastLoginAt: () => null,
  onUnauthorized: () => undefined,
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
}

async function renderOnce({
  pathname,
  responses,
  intl = {},
  ui,
  timeoutMs,
}: RenderInput): Promise<string | null> {
  const user = extractUser(responses[ME]);
  if (!user) return null;
  const client = new QueryClient({
    defaultOptions: { ...QUERY_DEFAULTS, queries: { ...QUERY_DEFAULTS.queries, retry: false } },
  });
  // the token is never sent anywhere: the answers are the boot data's
  useAuthStore.setState({ token: 'server-render', user, isAuthenticated: true, authReady: true });
  installBootResponses(responses, { exclusive: true });
  setDisplayIntl(intl);
  if (ui) useUiSettings.setState({ sidebarCollapsed: ui.sidebarCollapsed });
  try {
    const prefetch = await loadRouteData(pathname);
    if (!prefetch) return null;
    prefetch(client);
    await queriesSettled(client);
    // a query the boot data did not answer failed (no network here): the browser asks for it
    client
      .getQueryCache()
      .findAll({ predicate: (q) => q.state.status === 'error' })
      .forEach((q) => {
        client.getQueryCache().remove(q);
      });

    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const signal = AbortSignal.timeout(timeoutMs);
    const { prelude } = await prerenderToNodeStream(
      <AppFrame>
        <QueryClientProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <Toaster />
        </QueryClientProvider>
      </AppFrame>,
      // every boundary inline, in order: no inline script is needed to reveal one (CSP: script-src 'self')
      { signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const html = await readAll(prelude);
    return signal.aborted ? null : html;
  } finally {
    useAuthStore.setState(initialAuth, true);
    setDisplayIntl({});
    useUiSettings.setState(initialUi, true);
    clearApiCache();
    client.clear();
  }
}

/** The page's HTML for inside #root, or null when it cannot be rendered here. */
export function renderPage(input: RenderInput): Promise<string | null> {
  return serially(() => renderOnce(input));
}
