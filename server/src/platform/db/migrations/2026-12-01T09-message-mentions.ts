import { sql, type Kysely } from 'kysely';

/**
 * `messages.mentions`: the ids of the accounts a message's text @mentions, resolved when it is
 * sent, as a comment's are (`comments.mentions`): existing, visible accounts (active or
 * suspended, not deleted) that neither block the sender nor are blocked by it, in the order of
 * the text. A send resolves them in its own write statement (chats/send.queries.ts), so the
 * send keeps its statement count; a message without '@' resolves nothing.
 *
 * Live messages written before carry an '@' only rarely: those are resolved here once, in
 * batches, by the same rules (the username rule is copied from posts/posts.rules.ts
 * `mentionedUsernames`: a migration does not import application code that may change later).
 */

const MENTION = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.]{3,30})/gu;
const MAX_MENTIONS = 20;
const BATCH = 1000;

function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? '').replace(/\.+$/, '').toLowerCase();
    if (name.length >= 3) names.add(name);
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

export async function up(db: Kysely<unknown>) {
  // a constant default: no table rewrite
  await sql`alter table messages add column mentions jsonb not null default '[]'::jsonb`.execute(
    db,
  );
  // keyset over the primary key: each batch starts where the last one ended
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows }: { rows: Array<{ id: string; text: string }> } = await sql<{
      id: string;
      text: string;
    }>`select id, text from messages
      where deleted_at is null and strpos(text, '@') > 0
        and id > ${after}::uuid
      order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const found = rows
      .map((r) => ({ id: r.id, names: mentionedUsernames(r.text) }))
      .filter((r) => r.names.length > 0);
    if (found.length === 0) continue;
    await sql`update messages m set mentions = coalesce((
        select jsonb_agg(u.id order by n.ord)
        from unnest(string_to_array(b.names, ' ')) with ordinality as n(name, ord)
        join users u on u.username = n.name::citext
        where u.status in ('active', 'suspended') and u.deleted_at is null
          and not exists (select 1 from blocks k
            where (k.blocker_id = m.sender_id and k.blocked_id = u.id)
               or (k.blocker_id = u.id and k.blocked_id = m.sender_id))
      ), '[]'::jsonb)
      from unnest(${found.map((r) => r.id)}::uuid[], ${found.map((r) => r.names.join(' '))}::text[])
        as b(id, names)
      where m.id = b.id`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table messages drop column mentions`.execute(db);
}
