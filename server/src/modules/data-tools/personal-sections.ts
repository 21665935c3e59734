import type { DbHandle } from '../../platform/db/database.ts';
import { units } from '../ledger/money.ts';
import { referralSections } from '../referrals/referrals.export.ts';
import { afterKey, iso, keyColumns, PAGE, paged, single, type DataSection } from './sections.ts';

/**
 * Everything else the platform holds about a person (GDPR art. 15): notifications, sessions,
 * blocks, consents, requests, support, verification and payment records. Secrets stay out
 * (token hashes, bank numbers: only what the app itself shows, e.g. last four digits); other
 * people appear by username only.
 */
export function personalSections(db: DbHandle, userId: string): DataSection[] {
  return [
    paged(
      'notifications',
      ['id', 'type', 'data', 'read', 'createdAt'],
      (after) =>
        db
          .selectFrom('notifications')
          .select(['id', 'type', 'data', 'is_read', 'created_at'])
          .select(keyColumns('notifications.created_at', 'notifications.id'))
          .where('user_id', '=', userId)
          .where(afterKey('notifications.created_at', 'notifications.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (n) => ({
        id: n.id,
        type: n.type,
        data: n.data,
        read: n.is_read,
        createdAt: iso(n.created_at),
      }),
    ),
    paged(
      'sessions',
      ['id', 'userAgent', 'ip', 'createdAt', 'lastSeenAt', 'expiresAt', 'revokedAt'],
      (after) =>
        db
          .selectFrom('sessions')
          .select([
            'id',
            'user_agent',
            'ip',
            'created_at',
            'last_seen_at',
            'expires_at',
            'revoked_at',
          ])
          .select(keyColumns('sessions.created_at', 'sessions.id'))
          .where('user_id', '=', userId)
          .where(afterKey('sessions.created_at', 'sessions.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (s) => ({
        id: s.id,
        userAgent: s.user_agent,
        ip: s.ip,
        createdAt: iso(s.created_at),
        lastSeenAt: iso(s.last_seen_at),
        expiresAt: iso(s.expires_at),
        revokedAt: iso(s.revoked_at),
      }),
    ),
    paged(
      'blocked',
      ['username', 'since'],
      (after) =>
        db
          .selectFrom('blocks as b')
          .innerJoin('users as u', 'u.id', 'b.blocked_id')
          .select(['u.username', 'b.created_at'])
          .select(keyColumns('b.created_at', 'b.blocked_id'))
          .where('b.blocker_id', '=', userId)
          .where(afterKey('b.created_at', 'b.blocked_id', after))
          .orderBy('b.created_at')
          .orderBy('b.blocked_id')
          .limit(PAGE)
          .execute(),
      (r) => ({ username: r.username, since: iso(r.created_at) }),
    ),
    paged(
      'restricted',
      ['username', 'since'],
      (after) =>
        db
          .selectFrom('restricts as r')
          .innerJoin('users as u', 'u.id', 'r.restricted_id')
          .select(['u.username', 'r.created_at'])
          .select(keyColumns('r.created_at', 'r.restricted_id'))
          .where('r.restricter_id', '=', userId)
          .where(afterKey('r.created_at', 'r.restricted_id', after))
          .orderBy('r.created_at')
          .orderBy('r.restricted_id')
          .limit(PAGE)
          .execute(),
      (r) => ({ username: r.username, since: iso(r.created_at) }),
    ),
    single(
      'payout_settings',
      ['method', 'accountHolder', 'country', 'currency', 'bankName', 'accountType', 'last4'],
      async () => {
        const p = await db
          .selectFrom('payout_settings')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return p
          ? {
              method: p.method,
              accountHolder: p.account_holder,
              country: p.country,
              currency: p.currency,
              bankName: p.bank_name,
              accountType: p.account_type,
              last4: p.last4,
            }
          : null;
      },
    ),
    paged(
      'consents',
      ['id', 'type', 'granted', 'version', 'timestamp'],
      (after) =>
        db
          .selectFrom('consent_records')
          .select(['id', 'consent_type', 'granted', 'version', 'created_at'])
          .select(keyColumns('consent_records.created_at', 'consent_records.id'))
          .where('user_id', '=', userId)
          .where(afterKey('consent_records.created_at', 'consent_records.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (c) => ({
        id: String(c.id),
        type: c.consent_type,
        granted: c.granted,
        version: c.version,
        timestamp: iso(c.created_at),
      }),
    ),
    paged(
      'deletion_requests',
      ['id', 'status', 'reason', 'requestedAt', 'scheduledFor', 'cancelledAt'],
      (after) =>
        db
          .selectFrom('account_deletion_requests')
          .selectAll()
          .select(
            keyColumns('account_deletion_requests.requested_at', 'account_deletion_requests.id'),
          )
          .where('user_id', '=', userId)
          .where(
            afterKey(
              'account_deletion_requests.requested_at',
              'account_deletion_requests.id',
              after,
            ),
          )
          .orderBy('requested_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => ({
        id: r.id,
        status: r.status,
        reason: r.reason,
        requestedAt: iso(r.requested_at),
        scheduledFor: iso(r.scheduled_for),
        cancelledAt: iso(r.cancelled_at),
      }),
    ),
    paged(
      'support_messages',
      ['ticketId', 'subject', 'ticketStatus', 'fromStaff', 'body', 'createdAt'],
      (after) =>
        db
          .selectFrom('support_ticket_messages as m')
          .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
          .select([
            'm.ticket_id',
            't.subject',
            't.status',
            'm.from_staff',
            'm.body',
            'm.created_at',
          ])
          .select(keyColumns('m.created_at', 'm.id'))
          .where('t.user_id', '=', userId)
          .where(afterKey('m.created_at', 'm.id', after))
          .orderBy('m.created_at')
          .orderBy('m.id')
          .limit(PAGE)
          .execute(),
      (m) => ({
        ticketId: m.ticket_id,
        subject: m.subject,
        ticketStatus: m.status,
        fromStaff: m.from_staff,
        body: m.body,
        createdAt: iso(m.created_at),
      }),
    ),
    paged(
      'identity_verifications',
      ['id', 'status', 'rejectionReason', 'createdAt', 'reviewedAt'],
      (after) =>
        db
          .selectFrom('identity_verifications')
          .select(['id', 'status', 'rejection_reason', 'created_at', 'reviewed_at'])
          .select(keyColumns('identity_verifications.created_at', 'identity_verifications.id'))
          .where('user_id', '=', userId)
          .where(afterKey('identity_verifications.created_at', 'identity_verifications.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (v) => ({
        id: v.id,
        status: v.status,
        rejectionReason: v.rejection_reason,
        createdAt: iso(v.created_at),
        reviewedAt: iso(v.reviewed_at),
      }),
    ),
    paged(
      'payment_methods',
      ['id', 'brand', 'last4', 'expMonth', 'expYear', 'isDefault', 'createdAt'],
      (after) =>
        db
          .selectFrom('payment_methods')
          .select(['id', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default', 'created_at'])
          .select(keyColumns('payment_methods.created_at', 'payment_methods.id'))
          .where('user_id', '=', userId)
          .where(afterKey('payment_methods.created_at', 'payment_methods.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (p) => ({
        id: p.id,
        brand: p.brand,
        last4: p.last4,
        expMonth: p.exp_month,
        expYear: p.exp_year,
        isDefault: p.is_default,
        createdAt: iso(p.created_at),
      }),
    ),
    paged(
      'card_payments',
      ['id', 'amount', 'currency', 'paymentType', 'status', 'createdAt'],
      (after) =>
        db
          .selectFrom('card_payments')
          .select(['id', 'amount_cents', 'currency', 'payment_type', 'status', 'created_at'])
          .select(keyColumns('card_payments.created_at', 'card_payments.id'))
          .where('user_id', '=', userId)
          .where(afterKey('card_payments.created_at', 'card_payments.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (p) => ({
        id: p.id,
        amount: units(p.amount_cents),
        currency: p.currency,
        paymentType: p.payment_type,
        status: p.status,
        createdAt: iso(p.created_at),
      }),
    ),
    paged(
      'reports_filed',
      ['id', 'type', 'targetId', 'reason', 'status', 'createdAt'],
      (after) =>
        db
          .selectFrom('reports')
          .select(['id', 'type', 'target_id', 'reason', 'status', 'created_at'])
          .select(keyColumns('reports.created_at', 'reports.id'))
          .where('reporter_id', '=', userId)
          .where(afterKey('reports.created_at', 'reports.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => ({
        id: r.id,
        type: r.type,
        targetId: r.target_id,
        reason: r.reason,
        status: r.status,
        createdAt: iso(r.created_at),
      }),
    ),
    paged(
      'warnings',
      ['id', 'reason', 'createdAt'],
      (after) =>
        db
          .selectFrom('user_warnings')
          .select(['id', 'reason', 'created_at'])
          .select(keyColumns('user_warnings.created_at', 'user_warnings.id'))
          .where('user_id', '=', userId)
          .where(afterKey('user_warnings.created_at', 'user_warnings.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (w) => ({ id: w.id, reason: w.reason, createdAt: iso(w.created_at) }),
    ),
    ...referralSections(db, userId),
  ];
}
