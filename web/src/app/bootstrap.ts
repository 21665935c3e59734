/**
 * One-time start-up: wire the API clients to the session and the toasts, migrate legacy
 * storage, hydrate persisted stores, then validate the session in the background (the
 * auth-ready gate holds other requests until that finishes).
 */
import {
  bindApiToasts,
  installBootResponses,
  sessionTagOf,
  takeBootData,
} from '../lib/api/index.ts';
import { secureStorage } from '../lib/storage/index.ts';
import { bindSessionToApi, validateSession } from '../features/auth/session.ts';
import { useAuthStore } from '../features/auth/store.ts';
import { userIdOf } from '../features/auth/user.ts';
import { bindCreatorGate } from '../features/creator/creator-gate.ts';
import { useUiSettings } from '../features/settings/store.ts';
import { queryClient, queriesSettled } from '../lib/query-client.ts';
import { toast } from '../ui/toast/toast-store.ts';
import { loadRouteData } from './route-data.ts';

let started: Promise<void> | null = null;
let firstData: Promise<void> = Promise.resolve();

/**
 * Notification polling follows the session from here on (spec §4: it starts on login, stops on
 * logout). Its store – and the realtime client it listens to – is loaded once someone is signed
 * in, so a visitor on /login neither downloads nor evaluates it (docs/PERFORMANCE.md, "Mobile
 * pass"). The shell binds it too (useUnreadNotificationCount), should this load fail.
 */
function bindNotificationsOnceSignedIn(): void {
  const load = () =>
    void import('../features/notifications/store.ts').then(
      (notifications) => notifications.ensureNotificationPolling(),
      (error: unknown) => console.warn('Loading notifications failed', error),
    );
  if (useAuthStore.getState().isAuthenticated) {
    load();
    return;
  }
  const unsubscribe = useAuthStore.subscribe((state) => {
    if (!state.isAuthenticated) return;
    unsubscribe();
    load();
  });
}

/**
 * The page's first API answers, embedded by the server in index.html for the session cookie
 * (lib/api/boot-responses.ts): used only when they were made for the session this app has stored
 * – its user and its token (the session tag) – so after a sign-out or a switch of account in
 * another tab, when the cookie and the stored session differ, nothing of the block is used.
 */
export async function adoptBootData(): Promise<void> {
  const data = takeBootData(typeof document === 'undefined' ? undefined : document);
  const { token, user } = useAuthStore.getState();
  if (!data || !token || userIdOf(user) !== data.userId) return;
  if ((await sessionTagOf(token)) === data.sessionTag) installBootResponses(data.responses);
}

async function run(): Promise<void> {
  bindSessionToApi();
  bindApiToasts((t) => toast.show(t));
  bindCreatorGate();
  try {
    // Must finish before hydration: user-ui-storage may still be a plain legacy value.
    await secureStorage.migrate();
  } catch (error) {
    console.warn('Storage migration failed; will retry next start', error);
  }
  await Promise.allSettled([useAuthStore.persist.rehydrate(), useUiSettings.persist.rehydrate()]);
  await adoptBootData();
  bindNotificationsOnceSignedIn();
  // the landing page's data as soon as the gate opens, not after the first render; its module
  // loads while the session is checked
  const routeData = useAuthStore.getState().token
    ? loadRouteData(window.location.pathname).catch((error: unknown) => {
        console.warn('Loading the page data prefetch failed; the page will ask itself', error);
        return null;
      })
    : Promise.resolve(null);
  firstData = validateSession()
    .then(() => routeData)
    .then(async (prefetch) => {
      if (!prefetch || !useAuthStore.getState().isAuthenticated) return;
      prefetch(queryClient);
      await queriesSettled(queryClient);
    });
}

export function bootstrap(): Promise<void> {
  started ??= run();
  return started;
}

/**
 * Resolves once start-up is done, the session is checked and the page's first queries have
 * answered – from the boot data, so without a round trip: the state the server rendered the
 * page in, which the browser must have before it hydrates that page (main.tsx).
 */
export async function firstDataSettled(): Promise<void> {
  await bootstrap();
  await firstData;
}
