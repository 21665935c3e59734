import { parseArgs } from 'node:util';
import { hashPassword } from '../platform/auth/passwords.ts';
import { loadConfig } from '../platform/config.ts';
import { createRuntime } from '../platform/runtime.ts';

/**
 * `npm run admin:create -- --email a@b.c --username alice --password '…'`: creates an admin
 * account, or promotes an existing account with that email. Admins must then enable 2FA
 * (Settings → Security) before admin routes open to them.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (!values.email) throw new Error('--email is required');
  const runtime = await createRuntime({ config: { ...loadConfig(), LOG_LEVEL: 'warn' } });
  const { db } = runtime.ctx;
  try {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', values.email)
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('users')
        .set({ is_admin: true, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
      console.warn(`Promoted ${values.email} to admin.`);
      return;
    }
    if (!values.username || !values.password || values.password.length < 10) {
      throw new Error('a new admin needs --username and a --password of at least 10 characters');
    }
    await db
      .insertInto('users')
      .values({
        email: values.email,
        username: values.username,
        password_hash: await hashPassword(values.password),
        is_admin: true,
        email_verified_at: new Date(),
      })
      .execute();
    console.warn(
      `Created admin ${values.username} <${values.email}>. Enable 2FA before using admin routes.`,
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
