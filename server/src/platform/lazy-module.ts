/**
 * A dependency imported on its first use instead of at start-up, once per process. Optional
 * parts (S3, Stripe, SMTP, Redis, image processing, 2FA, zip archives, web push) cost ~50 MB of
 * resident memory when imported eagerly, and most processes never use most of them
 * (docs/PERFORMANCE.md "Server RSS is mostly the idle footprint"). A failed import is not kept:
 * the next use tries again.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
