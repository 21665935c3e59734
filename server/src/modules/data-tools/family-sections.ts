import type { DbHandle } from '../../platform/db/database.ts';
import { statementYears } from '../commerce/tax-statement.ts';
import { units } from '../ledger/money.ts';
import {
  afterKey,
  iso,
  keyColumns,
  ownedRows,
  PAGE,
  paged,
  type DataSection,
  type Row,
} from './sections.ts';

/**
 * The newer families of a user's data: wishlist, Q and A, promotions and promo codes, tax
 * documents and yearly statements, creator notes, templates, widgets, automation rules,
 * collaborations, rights notices, suggestions, feedback, contact messages and support tickets.
 * Strictly the user's own rows: what they wrote or what names them as a party (a creator's
 * notes about a fan are in the creator's export, never in the fan's); other people by
 * username only.
 */

/**
 * Path of a tax document's file inside the zip (tax-documents/<id>.<ext>), the extension of
 * the stored file (its checked type), not of the name it was uploaded under.
 */
export function taxDocumentPath(doc: { id: string; storage_key: string }): string {
  const dot = doc.storage_key.lastIndexOf('.');
  const ext = dot > 0 ? doc.storage_key.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '') : '';
  return `tax-documents/${doc.id}${ext ? `.${ext}` : ''}`;
}

export function familySections(db: DbHandle, userId: string): DataSection[] {
  return [
    paged(
      'wishlist_items',
      [
        'id',
        'title',
        'description',
        'goalAmount',
        'fundedAmount',
        'completedAt',
        'deletedAt',
        'createdAt',
      ],
      ownedRows(db, 'wishlist_items', 'creator_id', userId),
      (w) => ({
        id: w.id,
        title: w.title,
        description: w.description,
        goalAmount: units(w.goal_cents),
        fundedAmount: units(w.funded_cents),
        completedAt: iso(w.completed_at),
        deletedAt: iso(w.deleted_at),
        createdAt: iso(w.created_at),
      }),
    ),
    paged(
      'wishlist_tips',
      ['direction', 'itemTitle', 'counterparty', 'amount', 'transactionId', 'createdAt'],
      (after) =>
        db
          .selectFrom('wishlist_fundings as f')
          .innerJoin('wishlist_items as w', 'w.id', 'f.item_id')
          .leftJoin('users as c', 'c.id', 'w.creator_id')
          .leftJoin('users as fu', 'fu.id', 'f.funder_id')
          .select([
            'f.id',
            'w.title',
            'w.creator_id',
            'f.amount_cents',
            'f.transaction_id',
            'f.created_at',
            'c.username as creator',
            'fu.username as funder',
          ])
          .select(keyColumns('f.created_at', 'f.id'))
          .where((eb) => eb.or([eb('f.funder_id', '=', userId), eb('w.creator_id', '=', userId)]))
          .where(afterKey('f.created_at', 'f.id', after))
          .orderBy('f.created_at')
          .orderBy('f.id')
          .limit(PAGE)
          .execute(),
      (f) => {
        const received = f.creator_id === userId;
        return {
          direction: received ? 'received' : 'given',
          itemTitle: f.title,
          counterparty: received ? f.funder : f.creator,
          amount: units(f.amount_cents),
          transactionId: f.transaction_id,
          createdAt: iso(f.created_at),
        };
      },
    ),
    paged(
      'qanda',
      ['id', 'question', 'answer', 'createdAt'],
      ownedRows(db, 'qanda_items', 'creator_id', userId),
      (q) => ({ id: q.id, question: q.question, answer: q.answer, createdAt: iso(q.created_at) }),
    ),
    paged(
      'promotions',
      [
        'id',
        'kind',
        'title',
        'discountPercent',
        'trialDays',
        'maxUses',
        'usesCount',
        'expiresAt',
        'endedAt',
        'createdAt',
      ],
      ownedRows(db, 'promotions', 'creator_id', userId),
      (p) => ({
        id: p.id,
        kind: p.kind,
        title: p.title,
        discountPercent: p.discount_percent,
        trialDays: p.trial_days,
        maxUses: p.max_uses,
        usesCount: p.uses_count,
        expiresAt: iso(p.expires_at),
        endedAt: iso(p.ended_at),
        createdAt: iso(p.created_at),
      }),
    ),
    paged(
      'promo_codes',
      [
        'id',
        'code',
        'percentOff',
        'appliesTo',
        'maxUses',
        'usesCount',
        'expiresAt',
        'endedAt',
        'createdAt',
      ],
      ownedRows(db, 'promo_codes', 'creator_id', userId),
      (c) => ({
        id: c.id,
        code: c.code,
        percentOff: c.percent_off,
        appliesTo: c.applies_to,
        maxUses: c.max_uses,
        usesCount: c.uses_count,
        expiresAt: iso(c.expires_at),
        endedAt: iso(c.ended_at),
        createdAt: iso(c.created_at),
      }),
    ),
    paged(
      'promo_redemptions',
      [
        'id',
        'purpose',
        'code',
        'promotion',
        'creator',
        'targetId',
        'originalAmount',
        'chargedAmount',
        'transactionId',
        'createdAt',
      ],
      (after) =>
        db
          .selectFrom('promo_redemptions as r')
          .leftJoin('promo_codes as c', 'c.id', 'r.promo_code_id')
          .leftJoin('promotions as p', 'p.id', 'r.promotion_id')
          .leftJoin('users as cu', 'cu.id', 'c.creator_id')
          .leftJoin('users as pu', 'pu.id', 'p.creator_id')
          .select([
            'r.id',
            'r.purpose',
            'r.target_id',
            'r.original_cents',
            'r.charged_cents',
            'r.transaction_id',
            'r.created_at',
            'c.code',
            'p.title',
            'cu.username as codeCreator',
            'pu.username as promotionCreator',
          ])
          .select(keyColumns('r.created_at', 'r.id'))
          .where('r.user_id', '=', userId)
          .where(afterKey('r.created_at', 'r.id', after))
          .orderBy('r.created_at')
          .orderBy('r.id')
          .limit(PAGE)
          .execute(),
      (r) => ({
        id: r.id,
        purpose: r.purpose,
        code: r.code,
        promotion: r.title,
        creator: r.codeCreator ?? r.promotionCreator,
        targetId: r.target_id,
        originalAmount: units(r.original_cents),
        chargedAmount: units(r.charged_cents),
        transactionId: r.transaction_id,
        createdAt: iso(r.created_at),
      }),
    ),
    paged(
      'tax_documents',
      ['id', 'year', 'title', 'filename', 'contentType', 'sizeBytes', 'file', 'createdAt'],
      ownedRows(db, 'tax_documents', 'user_id', userId),
      (t) => ({
        id: t.id,
        year: t.year,
        title: t.title,
        filename: t.filename,
        contentType: t.content_type,
        sizeBytes: t.size_bytes,
        file: taxDocumentPath(t),
        createdAt: iso(t.created_at),
      }),
    ),
    {
      name: 'earnings_statements',
      columns: ['year', 'gross', 'fees', 'refunds', 'net', 'paidOut', 'transactionCount'],
      async *rows() {
        const { years } = await statementYears(db, userId);
        for (const y of years)
          yield {
            year: y.year,
            gross: y.gross,
            fees: y.fees,
            refunds: y.refunds,
            net: y.net,
            paidOut: y.paidOut,
            transactionCount: y.transactionCount,
          } satisfies Row;
      },
    },
    paged(
      'creator_notes',
      ['id', 'fan', 'note', 'createdAt', 'updatedAt'],
      (after) =>
        db
          .selectFrom('creator_notes as n')
          .leftJoin('users as u', 'u.id', 'n.fan_id')
          .select(['n.id', 'n.note', 'n.created_at', 'n.updated_at', 'u.username'])
          .select(keyColumns('n.created_at', 'n.id'))
          .where('n.creator_id', '=', userId)
          .where(afterKey('n.created_at', 'n.id', after))
          .orderBy('n.created_at')
          .orderBy('n.id')
          .limit(PAGE)
          .execute(),
      (n) => ({
        id: n.id,
        fan: n.username,
        note: n.note,
        createdAt: iso(n.created_at),
        updatedAt: iso(n.updated_at),
      }),
    ),
    paged(
      'templates',
      ['id', 'type', 'name', 'body', 'price', 'createdAt', 'updatedAt'],
      ownedRows(db, 'creator_templates', 'user_id', userId),
      (t) => ({
        id: t.id,
        type: t.type,
        name: t.name,
        body: t.body,
        price: t.price_cents === null ? null : units(t.price_cents),
        createdAt: iso(t.created_at),
        updatedAt: iso(t.updated_at),
      }),
    ),
    {
      name: 'widgets',
      columns: ['id', 'type', 'title', 'enabled', 'config'],
      async *rows() {
        const row = await db
          .selectFrom('users')
          .select('profile')
          .where('id', '=', userId)
          .executeTakeFirst();
        const list: unknown = row?.profile.widgets;
        if (!Array.isArray(list)) return;
        for (const w of list)
          if (w && typeof w === 'object') {
            const { id, type, title, enabled, ...config } = w as Record<string, unknown>;
            yield { id, type, title, enabled, config };
          }
      },
    },
    paged(
      'automation_rules',
      ['id', 'name', 'trigger', 'action', 'enabled', 'createdAt', 'updatedAt'],
      ownedRows(db, 'automation_rules', 'user_id', userId),
      (a) => ({
        id: a.id,
        name: a.name,
        trigger: a.trigger,
        action: a.action,
        enabled: a.enabled,
        createdAt: iso(a.created_at),
        updatedAt: iso(a.updated_at),
      }),
    ),
    paged(
      'collaborations',
      [
        'id',
        'role',
        'postId',
        'with',
        'splitPercent',
        'earned',
        'status',
        'createdAt',
        'respondedAt',
      ],
      (after) =>
        db
          .selectFrom('collaborations as c')
          .innerJoin('users as o', 'o.id', 'c.owner_id')
          .innerJoin('users as p', 'p.id', 'c.collaborator_id')
          .selectAll('c')
          .select(['o.username as owner', 'p.username as partner'])
          .select(keyColumns('c.created_at', 'c.id'))
          .where((eb) =>
            eb.or([eb('c.owner_id', '=', userId), eb('c.collaborator_id', '=', userId)]),
          )
          .where(afterKey('c.created_at', 'c.id', after))
          .orderBy('c.created_at')
          .orderBy('c.id')
          .limit(PAGE)
          .execute(),
      (c) => {
        const owner = c.owner_id === userId;
        return {
          id: c.id,
          role: owner ? 'owner' : 'collaborator',
          postId: c.post_id,
          with: owner ? c.partner : c.owner,
          splitPercent: c.split_percent,
          earned: units(c.earned_cents),
          status: c.status,
          createdAt: iso(c.created_at),
          respondedAt: iso(c.responded_at),
        };
      },
    ),
    paged(
      'dmca_notices',
      [
        'id',
        'claimantName',
        'email',
        'copyrightedWork',
        'infringingUrls',
        'statement',
        'signature',
        'status',
        'contentRemoved',
        'createdAt',
      ],
      ownedRows(db, 'dmca_notices', 'user_id', userId),
      (d) => ({
        id: d.id,
        claimantName: d.claimant_name,
        email: d.email,
        copyrightedWork: d.copyrighted_work,
        infringingUrls: d.infringing_urls,
        statement: d.statement,
        signature: d.signature,
        status: d.status,
        contentRemoved: d.content_removed,
        createdAt: iso(d.created_at),
      }),
    ),
    paged(
      'suggestions',
      ['id', 'title', 'description', 'status', 'votes', 'createdAt'],
      ownedRows(db, 'suggestions', 'user_id', userId),
      (s) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        status: s.status,
        votes: s.votes_count,
        createdAt: iso(s.created_at),
      }),
    ),
    paged(
      'site_feedback',
      ['id', 'rating', 'message', 'page', 'createdAt'],
      ownedRows(db, 'site_feedback', 'user_id', userId),
      (f) => ({
        id: f.id,
        rating: f.rating,
        message: f.message,
        page: f.page,
        createdAt: iso(f.created_at),
      }),
    ),
    paged(
      'contact_messages',
      ['id', 'name', 'email', 'subject', 'message', 'createdAt'],
      ownedRows(db, 'contact_messages', 'user_id', userId),
      (m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: iso(m.created_at),
      }),
    ),
    paged(
      'support_tickets',
      ['id', 'subject', 'category', 'status', 'createdAt', 'lastMessageAt', 'closedAt'],
      ownedRows(db, 'support_tickets', 'user_id', userId),
      (t) => ({
        id: t.id,
        subject: t.subject,
        category: t.category,
        status: t.status,
        createdAt: iso(t.created_at),
        lastMessageAt: iso(t.last_message_at),
        closedAt: iso(t.closed_at),
      }),
    ),
  ];
}
