import type { DbHandle } from '../../platform/db/database.ts';
import { units } from '../ledger/money.ts';
import { referralSections } from '../referrals/referrals.export.ts';
import {
  afterKey,
  iso,
  keyColumns,
  ownedRows,
  PAGE,
  paged,
  single,
  type DataSection,
} from './sections.ts';

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
      ownedRows(db, 'notifications', 'user_id', userId),
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
      ownedRows(db, 'sessions', 'user_id', userId),
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
      ownedRows(db, 'consent_records', 'user_id', userId),
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
      ownedRows(db, 'account_deletion_requests', 'user_id', userId, { at: 'requested_at' }),
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
      ownedRows(db, 'identity_verifications', 'user_id', userId),
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
      ownedRows(db, 'payment_methods', 'user_id', userId),
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
      ownedRows(db, 'card_payments', 'user_id', userId),
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
      ownedRows(db, 'reports', 'reporter_id', userId),
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
      ownedRows(db, 'user_warnings', 'user_id', userId),
      (w) => ({ id: w.id, reason: w.reason, createdAt: iso(w.created_at) }),
    ),
    ...referralSections(db, userId),
  ];
}
