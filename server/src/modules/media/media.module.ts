import type { App } from '../../platform/http/app.ts';
import { detectMediaTools } from '../../platform/storage/media-tools.ts';
import { mediaContentRoutes } from './media-content.routes.ts';
import { mediaUploadRoutes } from './media-uploads.routes.ts';
import { mediaVaultRoutes } from './media.routes.ts';

/** Every route of the media module; registered once in modules/index.ts. */
export async function mediaModule(app: App) {
  // feature-detect ffmpeg/ffprobe at start: the first upload should not pay for it
  const tools = await detectMediaTools(app.ctx.config);
  app.ctx.log.info(
    { ffmpeg: tools.ffmpeg !== null, ffprobe: tools.ffprobe !== null },
    'media tools detected',
  );
  await app.register(mediaVaultRoutes);
  await app.register(mediaUploadRoutes);
  await app.register(mediaContentRoutes);
}
