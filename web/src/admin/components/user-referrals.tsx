/** The referral facts of one account in the admin user drawer: code, referrer, counts, earnings. */
import { useAdminUserReferralsQuery } from '../../features/referrals/queries.ts';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 text-sm last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right text-fg">{value}</dd>
    </div>
  );
}

export function UserReferrals({ userId }: { userId: string }) {
  const query = useAdminUserReferralsQuery(userId);
  return (
    <section aria-label="Referrals" className="mb-6">
      <h3 className="mb-2 text-sm font-semibold text-fg">Referrals</h3>
      {query.isPending ? (
        <p className="text-sm text-muted">Loading referrals…</p>
      ) : query.isError ? (
        <p className="text-sm text-danger">Referral details could not be loaded.</p>
      ) : (
        <dl>
          <Row label="Referral code" value={query.data.code ?? 'None yet'} />
          <Row
            label="Referred by"
            value={query.data.referredBy ? `@${query.data.referredBy.username}` : 'Nobody'}
          />
          <Row label="Signed up with their code" value={String(query.data.signedUp)} />
          <Row label="Of whom creators" value={String(query.data.becameCreators)} />
          <Row label="Referral earnings" value={money(query.data.earnedCents)} />
        </dl>
      )}
    </section>
  );
}
