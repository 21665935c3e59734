import type { App } from '../../platform/http/app.ts';
import { registerMediaAccessResolver } from '../media/media.service.ts';
import { registerClientFrameHook } from '../../platform/realtime/client-frames.ts';
import { chatMediaAccess } from './chat-media-access.ts';
import { chatsRoutes } from './chats.routes.ts';
import { massMessagesRoutes } from './mass-messages.routes.ts';
import { messagesRoutes } from './messages.routes.ts';
import { typingHook } from './typing.ts';

/** Chats and messages (docs/ARCHITECTURE.md "Chats and notifications"). */
export async function chatsModule(app: App) {
  // media sent in a chat streams only to its participants while the message is live
  registerMediaAccessResolver(chatMediaAccess);
  // client `typing` frames reach the chat's other participants through the bus
  registerClientFrameHook('typing', typingHook);
  await chatsRoutes(app);
  await messagesRoutes(app);
  await massMessagesRoutes(app);
}
