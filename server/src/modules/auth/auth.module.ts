import type { App } from '../../platform/http/app.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

/** Every route of the auth module; registered once in modules/index.ts. */
export async function authModule(app: App) {
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accountSecurityRoutes);
}
