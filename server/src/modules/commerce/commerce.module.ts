import type { App } from '../../platform/http/app.ts';
import { offersRoutes } from './offers.routes.ts';
import { qandaRoutes } from './qanda.routes.ts';
import { taxRoutes } from './tax.routes.ts';
import { wishlistRoutes } from './wishlist.routes.ts';

/** Commerce extras (docs/ARCHITECTURE.md "Commerce extras"). */
export async function commerceModule(app: App) {
  await app.register(wishlistRoutes);
  await app.register(qandaRoutes);
  await app.register(offersRoutes);
  await app.register(taxRoutes);
}
