/* Fanspace service worker.
 * Deliberately no fetch handler: the app is served fresh from the network, so a deploy can
 * never be hidden behind a stale cache. The worker exists for web push and for the update
 * hand-over: a new version waits until the page asks it to take over (SKIP_WAITING), then
 * the page reloads once (see src/app/startup/service-worker.ts).
 */
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Same-origin paths only: a push payload can never send the user to another site. */
function safeUrl(value) {
  const fallback = new URL('/notifications', self.location.origin).href;
  if (typeof value !== 'string' || value === '') return fallback;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** A push shows title, body and icon from its payload and remembers the URL to open. */
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  if (!payload || typeof payload !== 'object') payload = {};
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const title = payload.title || 'Fanspace';
  const options = {
    body: payload.body || payload.message || '',
    icon: payload.icon || '/favicon.svg',
    badge: payload.badge || '/favicon.svg',
    data: { ...data, url: safeUrl(payload.url || data.url) },
  };
  if (payload.image) options.image = payload.image;
  // One tag per notification: a repeat of the same push replaces instead of stacking.
  if (payload.tag || data.notificationId) {
    options.tag = payload.tag || data.notificationId;
    options.renotify = false;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

/** A click focuses a tab already on that URL, else reuses an open tab, else opens one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const exact = windows.find((client) => client.url === url && 'focus' in client);
      if (exact) return exact.focus();
      for (const client of windows) {
        if (!('focus' in client)) continue;
        try {
          const navigated = 'navigate' in client ? await client.navigate(url) : null;
          return (navigated || client).focus();
        } catch {
          // An uncontrolled tab cannot be navigated from here: try the next one.
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
