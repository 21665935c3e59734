import type { App } from '../platform/http/app.ts';
import { healthRoutes } from './health/health.routes.ts';

/** Every domain module's routes, mounted under /api. Add a module here (docs/ARCHITECTURE.md). */
export async function registerModules(api: App) {
  await api.register(healthRoutes);
}
