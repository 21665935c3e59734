import { sql, type Kysely } from 'kysely';

/**
 * `own_relations(user)`: the signed-in user's own lists for MeUser as one json object –
 * `blocked`, `restricted` (newest first), `restrictedBy`, `following` (newest first) and
 * `followers` (the newest 1,000: a creator's run to hundreds of thousands), each one index scan.
 *
 * The lists were five scalar subqueries in the statement that reads the account, the login's
 * `UPDATE … RETURNING` among them. A write statement is never prepared (prepared-statements.ts),
 * so PostgreSQL planned the five subqueries at every login: the fifth added ~0.35 ms of
 * PostgreSQL CPU per login (docs/PERFORMANCE.md "Login: own lists in a function"). PL/pgSQL
 * plans its statement once per connection and keeps it, so the login plans a function call.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create function own_relations(p_user uuid) returns json
    language plpgsql stable parallel safe as $$
    begin
      return json_build_object(
        'blocked', coalesce((select json_agg(blocked_id order by created_at desc)
          from blocks where blocker_id = p_user), '[]'::json),
        'restricted', coalesce((select json_agg(restricted_id order by created_at desc)
          from restricts where restricter_id = p_user), '[]'::json),
        'restrictedBy', coalesce((select json_agg(restricter_id)
          from restricts where restricted_id = p_user), '[]'::json),
        'following', coalesce((select json_agg(followee_id order by created_at desc, followee_id desc)
          from follows where follower_id = p_user), '[]'::json),
        'followers', coalesce((select json_agg(f.follower_id) from (select follower_id from follows
          where followee_id = p_user order by created_at desc, follower_id desc limit 1000) f),
          '[]'::json));
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop function own_relations(uuid)`.execute(db);
}
