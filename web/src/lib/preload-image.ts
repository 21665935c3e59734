/**
 * Starts an image the page is about to show – with high priority, as its <img fetchpriority>
 * will ask – before the component that shows it has rendered: a `<link rel="preload"
 * as="image">` in the head, once per URL. The <img> then finds the response in the memory cache.
 */
export function preloadImage(url: string): void {
  if (typeof document === 'undefined') return;
  const exists = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some(
    (link) => link.getAttribute('href') === url,
  );
  if (exists) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
