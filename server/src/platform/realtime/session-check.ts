import { accountCanSignIn } from '../auth/sessions.ts';
import type { DbHandle } from '../db/database.ts';

const CHUNK = 500;

/**
 * Which of these sessions may no longer be used: revoked, expired, deleted, or whose account
 * may not sign in any more (banned, suspended). The sign-in rule is the one resolveSession
 * applies, reused rather than restated in SQL.
 */
export async function findEndedSessions(db: DbHandle, sessionIds: string[]): Promise<string[]> {
  const ended = new Set(sessionIds);
  const now = Date.now();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.revoked_at',
        'sessions.expires_at',
        'users.status',
        'users.suspended_until',
        'users.deleted_at',
      ])
      .where('sessions.id', 'in', sessionIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      const live = !row.revoked_at && row.expires_at.getTime() > now && accountCanSignIn(row, now);
      if (live) ended.delete(row.id);
    }
  }
  return [...ended];
}

export async function isSessionLive(db: DbHandle, sessionId: string): Promise<boolean> {
  return (await findEndedSessions(db, [sessionId])).length === 0;
}
