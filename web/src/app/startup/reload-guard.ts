/**
 * One automatic reload per tab session. If the page reloads itself because something failed
 * to load and the same thing fails again, we stop and show an error instead of looping.
 */
export const RELOAD_FLAG_KEY = 'fanspace:reload-attempted';

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
}

function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const browserReloadDeps: ReloadDeps = {
  get storage() {
    return safeSession();
  },
  reload: () => window.location.reload(),
};

/** Reloads unless a reload was already attempted; returns whether it reloaded. */
export function reloadOnce(deps: ReloadDeps = browserReloadDeps): boolean {
  const { storage } = deps;
  // Without sessionStorage we cannot remember the attempt, so never reload automatically.
  if (!storage) return false;
  try {
    if (storage.getItem(RELOAD_FLAG_KEY)) return false;
    storage.setItem(RELOAD_FLAG_KEY, String(Date.now()));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}

/** Called once the app has loaded: the next failure may reload again. */
export function clearReloadFlag(deps: ReloadDeps = browserReloadDeps): void {
  try {
    deps.storage?.removeItem(RELOAD_FLAG_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

/**
 * Runs a dynamic import; if it fails (typically a stale chunk after a deploy) the page reloads
 * once. While that reload happens the promise never settles, so nothing flashes an error.
 * A second failure is thrown to the error boundary.
 */
export function importWithReload<T>(
  load: () => Promise<T>,
  deps: ReloadDeps = browserReloadDeps,
): Promise<T> {
  return load().then(
    (module) => {
      clearReloadFlag(deps);
      return module;
    },
    (error: unknown) => {
      if (reloadOnce(deps)) return new Promise<T>(() => undefined);
      throw error;
    },
  );
}
