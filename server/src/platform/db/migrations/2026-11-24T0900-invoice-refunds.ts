import { sql, type Kysely } from 'kysely';

/**
 * Refunds and disputes of Stripe invoice payments (fan subscription renewals, the pro pack).
 * A charge names its payment intent, while an invoice payment is stored under the invoice id,
 * so the intent is kept beside it (`provider_intent_ref`) for charge.refunded and
 * charge.dispute.created to find. A pro pack refund is a pro_pack_events 'refund' row.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table card_payments add column provider_intent_ref text`.execute(db);
  await sql`create unique index card_payments_intent_ref_uq on card_payments (provider_intent_ref)
    where provider_intent_ref is not null`.execute(db);
  await sql`alter table pro_pack_events drop constraint pro_pack_events_kind_check`.execute(db);
  await sql`alter table pro_pack_events add constraint pro_pack_events_kind_check
    check (kind in ('purchase', 'renewal', 'grant', 'cancel', 'resume', 'expire', 'refund'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from pro_pack_events where kind = 'refund'`.execute(db);
  await sql`alter table pro_pack_events drop constraint pro_pack_events_kind_check`.execute(db);
  await sql`alter table pro_pack_events add constraint pro_pack_events_kind_check
    check (kind in ('purchase', 'renewal', 'grant', 'cancel', 'resume', 'expire'))`.execute(db);
  await sql`drop index if exists card_payments_intent_ref_uq`.execute(db);
  await sql`alter table card_payments drop column if exists provider_intent_ref`.execute(db);
}
