import type { App } from '../platform/http/app.ts';
import { authModule } from './auth/auth.module.ts';
import { healthRoutes } from './health/health.routes.ts';
import { filesRoutes } from '../platform/storage/files.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { vibesRoutes } from './users/vibes.routes.ts';
import { verificationRoutes } from './verification/verification.routes.ts';
import { betaRoutes } from './beta/beta.routes.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { graphRoutes } from './graph/graph.routes.ts';
import { postsRoutes } from './posts/posts.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { purchasesRoutes } from './purchases/purchases.routes.ts';
import { mediaModule } from './media/media.module.ts';
import { paymentsModule } from './payments/payments.module.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { chatsModule } from './chats/chats.module.ts';
import { pushRoutes } from './push/push.routes.ts';
import { releasesRoutes } from './releases/releases.routes.ts';
import { adminRoutes, reportsRoutes } from './admin/admin.routes.ts';
import { supportRoutes } from './support/support.routes.ts';

/** Every domain module's routes, mounted under /api. Add a module here (docs/ARCHITECTURE.md). */
export async function registerModules(api: App) {
  await api.register(healthRoutes);
  await api.register(filesRoutes);
  await api.register(usersRoutes);
  await api.register(vibesRoutes);
  await api.register(verificationRoutes);
  await api.register(betaRoutes);
  await api.register(waitlistRoutes);
  await api.register(authModule);
  await api.register(realtimeRoutes);
  await api.register(graphRoutes);
  await api.register(postsRoutes);
  await api.register(searchRoutes);
  await api.register(purchasesRoutes);
  await api.register(mediaModule);
  await api.register(paymentsModule);
  await api.register(notificationsRoutes);
  await api.register(chatsModule);
  await api.register(pushRoutes);
  await api.register(releasesRoutes);
  await api.register(reportsRoutes);
  await api.register(adminRoutes);
  await api.register(supportRoutes);
}
