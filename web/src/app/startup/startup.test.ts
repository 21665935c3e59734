import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../lib/storage/memory-storage.ts';
import { applyAppStyles } from './app-styles.ts';
import { importWithReload } from './reload-guard.ts';
import { ensureReactLoaded } from './react-guard.ts';
import { RELOAD_FLAG_KEY, type ReloadDeps } from './reload-guard.ts';
import {
  createControllerChangeHandler,
  promoteWaiting,
  SKIP_WAITING_MESSAGE,
} from './service-worker.ts';
import { applyVideoSafety, isSafari } from './video-safety.ts';

function deps() {
  return { storage: new MemoryStorage(), reload: vi.fn<() => void>() } satisfies ReloadDeps;
}

describe('lazy app import', () => {
  it('reloads once when the import fails, then surfaces the error', async () => {
    const d = deps();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    let settled = false;
    void importWithReload(failing, d).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false); // stays pending while the page reloads
    expect(d.storage.getItem(RELOAD_FLAG_KEY)).not.toBeNull();

    await expect(importWithReload(failing, d)).rejects.toThrow('dynamically imported');
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('clears the guard after a successful load', async () => {
    const d = deps();
    d.storage.setItem(RELOAD_FLAG_KEY, '1');
    await expect(importWithReload(() => Promise.resolve('module'), d)).resolves.toBe('module');
    expect(d.storage.getItem(RELOAD_FLAG_KEY)).toBeNull();
  });

  it('never reloads automatically without sessionStorage', async () => {
    const d = { storage: null, reload: vi.fn<() => void>() };
    await expect(importWithReload(() => Promise.reject(new Error('x')), d)).rejects.toThrow('x');
    expect(d.reload).not.toHaveBeenCalled();
  });
});

describe('React guard', () => {
  it('reloads when React is missing', () => {
    const d = deps();
    expect(ensureReactLoaded(undefined, d)).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(ensureReactLoaded({ createElement: () => null }, deps())).toBe(true);
  });
});

describe('service worker hand-over', () => {
  it('reloads once when the controller changes, not on the first claim', () => {
    const reload = vi.fn();
    const firstVisit = createControllerChangeHandler(false, reload);
    firstVisit();
    expect(reload).not.toHaveBeenCalled();
    firstVisit();
    expect(reload).toHaveBeenCalledTimes(1);

    const update = createControllerChangeHandler(true, reload);
    update();
    update();
    update();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('tells a waiting worker to skip waiting', () => {
    const postMessage = vi.fn();
    promoteWaiting({ postMessage } as unknown as ServiceWorker);
    expect(postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });
});

describe('video safety', () => {
  it('detects Safari but not Chrome or Android', () => {
    expect(
      isSafari('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15'),
    ).toBe(true);
    expect(isSafari('Mozilla/5.0 AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toBe(false);
    expect(isSafari('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CriOS/120 Safari/604.1')).toBe(
      false,
    );
  });

  it('makes videos inline, muted when autoplaying, and adds controls in Safari', () => {
    const autoplay = document.createElement('video');
    autoplay.autoplay = true;
    applyVideoSafety(autoplay, { safari: false });
    expect(autoplay.hasAttribute('playsinline')).toBe(true);
    expect(autoplay.muted).toBe(true);
    expect(autoplay.preload).toBe('metadata');
    expect(autoplay.controls).toBe(false);

    const clip = document.createElement('video');
    applyVideoSafety(clip, { safari: true });
    expect(clip.controls).toBe(true);

    const background = document.createElement('video');
    background.autoplay = true;
    background.loop = true;
    applyVideoSafety(background, { safari: true });
    expect(background.controls).toBe(false);
  });
});

describe('app stylesheet', () => {
  it('applies the preloaded stylesheet and resolves only once it has loaded', async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" crossorigin href="/assets/index.css" data-app-styles>';
    let applied = false;
    void applyAppStyles().then(() => {
      applied = true;
    });
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(new URL(sheet?.href ?? '', 'http://x').pathname).toBe('/assets/index.css');
    expect(sheet?.crossOrigin).toBe('');
    expect(document.head.querySelector('link[data-app-styles]')).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toBe(false);
    sheet?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(applied).toBe(true));
  });

  it('does not wait for a stylesheet that failed, nor when there is none', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/x.css" data-app-styles>';
    const done = applyAppStyles();
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('error'));
    await expect(done).resolves.toBeUndefined();
    document.head.innerHTML = '';
    await expect(applyAppStyles()).resolves.toBeUndefined();
  });
});
