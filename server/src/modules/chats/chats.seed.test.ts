import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo chat', () => {
  it('gives the demo fan a conversation with the first creator, ending in a locked photo', async () => {
    const ids = await seedDemo(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, { id: ids.fan }));
    const chats = await server.app.inject({ url: '/api/chats', headers });
    const [chat] = chats.json().chats;
    // the creator's two messages are unread for the fan
    expect(chat.unreadCount).toBe(2);
    const messages = await server.app.inject({ url: `/api/chats/${chat.id}/messages`, headers });
    const list = messages.json().messages as Array<{
      text: string;
      isUnlocked?: boolean;
      lockedContent?: { price: number } | null;
    }>;
    expect(list.length).toBe(3);
    const locked = list.find((m) => m.lockedContent);
    expect(locked).toMatchObject({ isUnlocked: false, lockedContent: { price: 5 } });
    expect(JSON.stringify(locked)).not.toMatch(/\/api\/media\/[^"]*\/content/);
  });
});
