import { lazyModule } from '../lazy-module.ts';

/** sharp (libvips) is loaded with the first image a process handles. */
export const loadSharp = lazyModule(async () => (await import('sharp')).default);
