/** The attribute of the stylesheet preload the web build writes into index.html. */
export const APP_STYLES_ATTRIBUTE = 'data-app-styles';

/**
 * Applies the app's stylesheet, which index.html only preloads (vite.config.ts,
 * `deferStylesheet`) so that it does not hold back the first paint – the splash has inline
 * styles of its own. Resolves once the stylesheet applies, or failed to load (the app then
 * renders unstyled rather than not at all); at once when there is nothing to apply (the
 * development server injects the CSS from JavaScript).
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>(`link[${APP_STYLES_ATTRIBUTE}]`)];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          sheet.href = preload.href;
          preload.removeAttribute(APP_STYLES_ATTRIBUTE);
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
