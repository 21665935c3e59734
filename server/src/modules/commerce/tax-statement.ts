import type { TaxYearSummary } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { creatorEarningsOf } from '../collaborations/collaborations.earnings.ts';
import { COLLAB_SPLIT_KIND } from '../collaborations/collaborations.split.ts';
import { csvRow } from '../../platform/csv.ts';
import { num, units } from '../ledger/money.ts';
import { buildPdf, PdfLayout } from './pdf.ts';
import { REFERRAL_SHARE_KIND } from '../referrals/referrals.split.ts';

/**
 * Yearly earnings statements generated from the ledger (UTC calendar years): every charge the
 * creator was paid for (gross, platform fee, creator share), every refund or chargeback taken
 * back from them, and the payouts that left the platform. Read through the
 * (metadata->>'creatorId', created_at) index of ledger_transactions.
 */

export interface StatementLine {
  date: Date;
  transactionId: string;
  kind: string;
  description: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

export interface Statement {
  summary: TaxYearSummary;
  lines: StatementLine[];
  payouts: Array<{ date: Date; id: string; amountCents: number }>;
}

const REVERSAL_KINDS = ['refund', 'chargeback'];

const DESCRIPTIONS: Record<string, string> = {
  unlock: 'Post unlock',
  tip: 'Tip',
  subscription: 'Subscription',
  renewal: 'Subscription renewal',
  refund: 'Refund',
  chargeback: 'Chargeback',
};

function describe(kind: string, meta: Record<string, unknown>) {
  const base = DESCRIPTIONS[kind] ?? kind;
  if (kind === 'tip' && meta.tipType) return `${base} (${String(meta.tipType)})`;
  if (meta.promoCode) return `${base} (code ${String(meta.promoCode)})`;
  if (meta.promotionId) return `${base} (promotion)`;
  if (meta.originalKind) return `${base} of ${DESCRIPTIONS[String(meta.originalKind)] ?? ''}`;
  return base;
}

const yearRange = (year: number) => ({
  from: new Date(Date.UTC(year, 0, 1)),
  to: new Date(Date.UTC(year + 1, 0, 1)),
});

/** The ledger transactions that change a creator's earnings (charges, reversals, splits). */
const earningsOf = (userId: string) => creatorEarningsOf(userId);

type LedgerRow = { id: string; kind: string; metadata: Record<string, unknown>; created_at: Date };

/**
 * One ledger transaction as lines of `userId`'s statement. A collaboration share counts in gross
 * earnings (received: +, paid by the owner: −, fee-free); a reversal of a split charge counts the
 * collaborator's part as a refund of theirs and not of the owner's.
 */
function statementLines(r: LedgerRow, userId: string): StatementLine[] {
  const m = r.metadata;
  const at = { date: r.created_at, transactionId: r.id, kind: r.kind };
  const fixed = (description: string, cents: number): StatementLine => ({
    ...at,
    description,
    grossCents: cents,
    feeCents: 0,
    netCents: cents,
  });
  if (r.kind === COLLAB_SPLIT_KIND)
    return m.creatorId === userId
      ? [fixed('Collaboration share received', num(m.partCents))]
      : [fixed('Collaboration share paid', -num(m.partCents))];
  if (r.kind === REFERRAL_SHARE_KIND)
    return [fixed('Referral share received (from the platform fee)', num(m.partCents))];
  const collaboratorCents = num(m.collaboratorCents);
  if (REVERSAL_KINDS.includes(r.kind) && m.creatorId !== userId)
    return [
      ...(m.collaboratorId === userId
        ? [fixed(`${describe(r.kind, m)} (collaboration share)`, -collaboratorCents)]
        : []),
      ...(m.referrerId === userId
        ? [fixed(`${describe(r.kind, m)} (referral share)`, -num(m.referralCents))]
        : []),
    ];
  const reversal = REVERSAL_KINDS.includes(r.kind);
  const gross = reversal ? -num(m.reversedCents) : num(m.grossCents);
  const fee = reversal ? -num(m.feeCents) : num(m.feeCents);
  const line = { ...at, description: describe(r.kind, m), grossCents: gross, feeCents: fee };
  const lines: StatementLine[] = [{ ...line, netCents: gross - fee }];
  if (reversal && collaboratorCents > 0)
    lines.push(fixed('Taken back from the collaborator', collaboratorCents));
  return lines;
}

export async function buildStatement(
  db: DbHandle,
  userId: string,
  year: number,
): Promise<Statement> {
  const { from, to } = yearRange(year);
  const rows = await db
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'metadata', 'created_at'])
    .where(earningsOf(userId))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const lines = rows.flatMap((r) => statementLines(r, userId));
  const payouts = await db
    .selectFrom('payouts')
    .select(['id', 'amount_cents', 'processed_at'])
    .where('creator_id', '=', userId)
    .where('status', '=', 'paid')
    .where('processed_at', '>=', from)
    .where('processed_at', '<', to)
    .orderBy('processed_at')
    .execute();
  const sum = (f: (l: StatementLine) => number, only?: (l: StatementLine) => boolean) =>
    lines.filter(only ?? (() => true)).reduce((s, l) => s + f(l), 0);
  const isCharge = (l: StatementLine) => !REVERSAL_KINDS.includes(l.kind);
  const grossCents = sum((l) => l.grossCents, isCharge);
  const refundsCents = -sum(
    (l) => l.grossCents,
    (l) => !isCharge(l),
  );
  const feesCents = sum((l) => l.feeCents);
  const netCents = sum((l) => l.netCents);
  const paidOutCents = payouts.reduce((s, p) => s + p.amount_cents, 0);
  return {
    summary: {
      year,
      grossCents,
      feesCents,
      refundsCents,
      netCents,
      paidOutCents,
      gross: units(grossCents),
      fees: units(feesCents),
      refunds: units(refundsCents),
      net: units(netCents),
      paidOut: units(paidOutCents),
      transactionCount: lines.length,
    },
    lines,
    payouts: payouts.map((p) => ({ date: p.processed_at!, id: p.id, amountCents: p.amount_cents })),
  };
}

/** The years with any earnings or payouts, newest first, each summarised. */
export async function statementYears(db: DbHandle, userId: string) {
  const years = await db
    .selectFrom('ledger_transactions')
    .select(sql<number>`distinct extract(year from created_at at time zone 'UTC')::int`.as('year'))
    .where(earningsOf(userId))
    .execute();
  const list = [...new Set(years.map((y) => Number(y.year)))].sort((a, b) => b - a);
  const summaries = [];
  for (const year of list) summaries.push((await buildStatement(db, userId, year)).summary);
  return { years: summaries };
}

const money = (cents: number) => units(cents).toFixed(2);
const day = (d: Date) => d.toISOString().slice(0, 10);

export function statementCsv(statement: Statement, username: string): string {
  const s = statement.summary;
  let out = '\ufeff';
  out += csvRow(['Fanspace earnings statement', username, s.year, 'USD']);
  out += csvRow(['date', 'transaction', 'type', 'description', 'gross', 'platform_fee', 'net']);
  for (const l of statement.lines)
    out += csvRow([
      day(l.date),
      l.transactionId,
      l.kind,
      l.description,
      money(l.grossCents),
      money(l.feeCents),
      money(l.netCents),
    ]);
  for (const p of statement.payouts)
    out += csvRow([
      day(p.date),
      p.id,
      'payout',
      'Payout to your account',
      '',
      '',
      money(-p.amountCents),
    ]);
  out += csvRow(['total', '', '', 'gross earnings', money(s.grossCents), '', '']);
  out += csvRow(['total', '', '', 'refunds and chargebacks', money(-s.refundsCents), '', '']);
  out += csvRow(['total', '', '', 'platform fees', '', money(s.feesCents), '']);
  out += csvRow(['total', '', '', 'net earnings', '', '', money(s.netCents)]);
  out += csvRow(['total', '', '', 'paid out', '', '', money(s.paidOutCents)]);
  return out;
}

export function statementPdf(statement: Statement, username: string): Buffer {
  const s = statement.summary;
  const doc = new PdfLayout();
  doc.line(`Earnings statement ${s.year}`, { size: 18, bold: true, gap: 26 });
  doc.line(
    `Account: @${username}   Currency: USD   Period: ${s.year}-01-01 to ${s.year}-12-31 (UTC)`,
  );
  doc.line(
    `Generated ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC from the platform ledger`,
    { gap: 24 },
  );
  const totals: Array<[string, number]> = [
    ['Gross earnings', s.grossCents],
    ['Refunds and chargebacks', -s.refundsCents],
    ['Platform fees', -s.feesCents],
    ['Net earnings', s.netCents],
    ['Paid out to you', s.paidOutCents],
  ];
  for (const [label, cents] of totals)
    doc.row([
      { text: label, x: 50, bold: label === 'Net earnings' },
      { text: money(cents), x: 300, bold: label === 'Net earnings' },
    ]);
  doc.line('', { gap: 12 });
  doc.line('Transactions', { size: 13, bold: true, gap: 20 });
  const head = ['Date', 'Type', 'Gross', 'Fee', 'Net'];
  const xs = [50, 120, 340, 410, 480];
  doc.row(head.map((text, i) => ({ text, x: xs[i]!, bold: true })));
  for (const l of statement.lines)
    doc.row([
      { text: day(l.date), x: xs[0]! },
      { text: l.description.slice(0, 40), x: xs[1]! },
      { text: money(l.grossCents), x: xs[2]! },
      { text: money(l.feeCents), x: xs[3]! },
      { text: money(l.netCents), x: xs[4]! },
    ]);
  if (!statement.lines.length) doc.line('No earnings in this year.');
  if (statement.payouts.length) {
    doc.line('', { gap: 12 });
    doc.line('Payouts', { size: 13, bold: true, gap: 20 });
    for (const p of statement.payouts)
      doc.row([
        { text: day(p.date), x: 50 },
        { text: 'Payout to your account', x: 120 },
        { text: money(p.amountCents), x: 480 },
      ]);
  }
  return buildPdf(doc.pages, `Earnings statement ${s.year}`);
}
