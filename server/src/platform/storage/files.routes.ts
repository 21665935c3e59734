import { PublicFileParams } from '@fanspace/contracts';
import type { App } from '../http/app.ts';
import { NotFoundError } from '../errors.ts';
import { getFileStorage } from './file-storage.ts';
import { isValidKey } from './keys.ts';

/**
 * Serves the public namespace (avatars, banners) from local storage. Keys are unique per upload
 * (a new image gets a new key), so responses are cacheable forever. Private keys have no route.
 */
export async function filesRoutes(app: App) {
  const storage = getFileStorage(app.ctx.config);
  app.get(
    '/files/public/*',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A public media file (avatar, banner)',
        params: PublicFileParams,
      },
    },
    async (request, reply) => {
      const key = `public/${request.params['*']}`;
      // an invalid key (traversal, hidden file, unknown type) is simply not found
      const file = isValidKey(key) ? await storage.stream(key) : null;
      if (!file) throw new NotFoundError('File not found');
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // a file opened directly must never run anything, whatever its bytes are
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-site')
          .send(file.stream)
      );
    },
  );
}
