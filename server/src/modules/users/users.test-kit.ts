import { afterAll, beforeAll } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/**
 * Helpers of the users tests (not a test file itself): a test server for the file, signed-in
 * accounts, raw requests and a fresh read of a user row. Read `server` inside tests.
 */
export function usersTestKit() {
  const kit = { server: undefined as unknown as TestServer };
  beforeAll(async () => {
    kit.server = await createTestServer();
  });
  afterAll(() => kit.server.close());

  async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(kit.server.ctx, overrides);
    return { user, headers: bearer(await tokenFor(kit.server.ctx, user)) };
  }
  function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) {
    return kit.server.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }
  const reload = (id: string): Promise<UserRow> =>
    kit.server.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  return Object.assign(kit, { signedIn, call, reload });
}
