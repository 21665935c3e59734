import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';

/**
 * The creator kit's reads use their indexes once the tables are large (DESIGN: every hot query
 * has an EXPLAIN): notes about one fan, a creator's templates, the automation hook's rule
 * lookup and a rule's run log.
 */

let server: TestServer;
let creatorId: string;
let fanId: string;
let ruleId: string;
beforeAll(async () => {
  server = await createTestServer();
  const db = server.ctx.db;
  await sql`insert into users (username, email, password_hash, account_type)
    select 'kit_' || g, 'kit_' || g || '@example.test', 'x', 'creator' from generate_series(1, 300) g`.execute(
    db,
  );
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'kit\\_%')
    .execute();
  creatorId = users[0]!.id;
  fanId = users[1]!.id;
  await sql`insert into creator_notes (creator_id, fan_id, note)
    select c.id, f.id, 'note' from users c cross join lateral
      (select id from users where username like 'kit\\_%' order by id limit 20) f
    where c.username like 'kit\\_%'`.execute(db);
  await sql`insert into creator_templates (user_id, type, name, body)
    select u.id, 'message', 'T' || g, 'body' from users u cross join generate_series(1, 20) g
    where u.username like 'kit\\_%'`.execute(db);
  await sql`insert into automation_rules (user_id, name, trigger, action)
    select u.id, 'R' || g, 'tip_received', '{"type":"send_message","text":"hi","lockedCents":null,"mediaIds":[]}'
    from users u cross join generate_series(1, 5) g where u.username like 'kit\\_%'`.execute(db);
  const rule = await db
    .selectFrom('automation_rules')
    .select('id')
    .where('user_id', '=', creatorId)
    .limit(1)
    .executeTakeFirstOrThrow();
  ruleId = rule.id;
  await sql`insert into automation_runs (rule_id, event_key, trigger, status)
    select r.id, 'e' || g, 'tip_received', 'sent' from automation_rules r cross join generate_series(1, 10) g`.execute(
    db,
  );
  await sql`analyze`.execute(db);
});
afterAll(() => server.close());

async function plan(query: { explain: () => Promise<Array<Record<string, unknown>>> }) {
  const rows = await query.explain();
  return rows.map((r) => Object.values(r).join(' ')).join('\n');
}

describe('creator kit indexes', () => {
  it('reads notes, templates, rules and runs through their indexes', async () => {
    const db = server.ctx.db;
    expect(
      await plan(
        db
          .selectFrom('creator_notes')
          .selectAll()
          .where('creator_id', '=', creatorId)
          .where('fan_id', '=', fanId)
          .orderBy('updated_at', 'desc'),
      ),
    ).toMatch(/creator_notes_fan_idx/);
    expect(
      await plan(db.selectFrom('creator_templates').selectAll().where('user_id', '=', creatorId)),
    ).toMatch(/creator_templates_user_idx/);
    expect(
      await plan(
        db
          .selectFrom('automation_rules')
          .select('id')
          .where('user_id', '=', creatorId)
          .where('trigger', '=', 'tip_received')
          .where('enabled', '=', true),
      ),
    ).toMatch(/automation_rules_(trigger|user)_idx/);
    expect(
      await plan(
        db
          .selectFrom('automation_runs')
          .selectAll()
          .where('rule_id', '=', ruleId)
          .orderBy('id', 'desc')
          .limit(21),
      ),
    ).toMatch(/automation_runs_(rule_idx|rule_id_event_key_key)/);
  });
});
