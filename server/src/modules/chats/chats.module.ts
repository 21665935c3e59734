import type { App } from '../../platform/http/app.ts';
import { registerMediaAccessResolver } from '../media/media.service.ts';
import { chatMediaAccess } from './chat-media-access.ts';
import { chatsRoutes } from './chats.routes.ts';
import { messagesRoutes } from './messages.routes.ts';

/** Chats and messages (docs/ARCHITECTURE.md "Chats and notifications"). */
export async function chatsModule(app: App) {
  // media sent in a chat streams only to its participants while the message is live
  registerMediaAccessResolver(chatMediaAccess);
  await chatsRoutes(app);
  await messagesRoutes(app);
}
