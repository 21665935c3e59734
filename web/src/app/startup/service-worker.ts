/**
 * Service worker lifecycle (spec §2): a waiting worker is told to skip waiting, and the page
 * reloads once when the controlling worker changes, so users get a new release without a
 * manual refresh and without a reload loop.
 */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

type Container = Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;

export function promoteWaiting(worker: ServiceWorker | null | undefined): void {
  worker?.postMessage(SKIP_WAITING_MESSAGE);
}

/** Reload-once handler for controllerchange; the first claim of an uncontrolled page is not an update. */
export function createControllerChangeHandler(
  hadController: boolean,
  reload: () => void,
): () => void {
  let controlled = hadController;
  let reloaded = false;
  return () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloaded) return;
    reloaded = true;
    reload();
  };
}

export async function registerServiceWorker(
  container: Container | undefined = typeof navigator !== 'undefined'
    ? navigator.serviceWorker
    : undefined,
  reload: () => void = () => window.location.reload(),
  url = '/sw.js',
): Promise<ServiceWorkerRegistration | null> {
  if (!container) return null;
  container.addEventListener(
    'controllerchange',
    createControllerChangeHandler(Boolean(container.controller), reload),
  );
  try {
    const registration = await container.register(url);
    promoteWaiting(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // Only an update waits behind an existing controller; a first install activates alone.
        if (installing.state === 'installed' && container.controller) promoteWaiting(installing);
      });
    });
    return registration;
  } catch (error) {
    console.warn('Service worker registration failed', error);
    return null;
  }
}
