import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ConnectStatusCard } from '../../card-payments/connect-status-card.tsx';
import { PaymentMethodsCard } from '../../card-payments/payment-methods-card.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import { ButtonLink } from '../../../ui/button.tsx';

/** Settings → Payments: saved cards, the Pro pack, and (creators) the payout account. */
export function PaymentsSection() {
  const user = useAuthStore((s) => s.user);
  return (
    <>
      <PaymentMethodsCard />
      <SettingsCard
        title="Pro pack"
        description="The paid creator tier: badge, reach, analytics and tools."
      >
        <ButtonLink to="/pro-pack" variant="outline">
          {user?.hasActiveProPack ? 'Manage your Pro pack' : 'See the Pro pack'}
        </ButtonLink>
      </SettingsCard>
      {isCreatorUser(user) ? <ConnectStatusCard /> : null}
    </>
  );
}
