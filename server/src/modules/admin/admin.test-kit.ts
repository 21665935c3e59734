import { afterAll, beforeAll } from 'vitest';
import {
  bearer,
  createAdmin,
  createCreator,
  createUser,
  tokenFor,
} from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';

/** Helpers of the back-office tests (not a test file itself). */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test server with one admin (2FA on), started before the file's tests and closed after.
 * `call` defaults to the admin's headers; pass null for a visitor. Read the fields inside tests.
 */
export function adminTestKit() {
  const state = {
    server: undefined as unknown as TestServer,
    adminId: '',
    adminHeaders: {} as Record<string, string>,
  };
  async function call(
    method: Method,
    url: string,
    headers: Record<string, string> | null = state.adminHeaders,
    payload?: unknown,
  ) {
    const res = await state.server.app.inject({
      method,
      url: `/api${url}`,
      ...(headers ? { headers } : {}),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: json && res.body ? res.json() : null, res };
  }
  /** A fresh fan or creator and their bearer headers. */
  async function asUser(kind: 'fan' | 'creator' = 'fan') {
    const ctx = state.server.ctx;
    const user = kind === 'creator' ? await createCreator(ctx) : await createUser(ctx);
    return { user, headers: bearer(await tokenFor(ctx, user)) };
  }
  beforeAll(async () => {
    state.server = await createTestServer();
    const admin = await createAdmin(state.server.ctx);
    state.adminId = admin.id;
    state.adminHeaders = bearer(await tokenFor(state.server.ctx, admin));
  });
  afterAll(() => state.server.close());
  return Object.assign(state, { call, asUser });
}
