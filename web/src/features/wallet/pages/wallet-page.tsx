import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ClockIcon, PlusIcon, WalletIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';

export function WalletPage() {
  useDocumentTitle('Wallet');
  return (
    <Page title="Wallet" description="Top up to tip, unlock and subscribe.">
      <Card className="relative overflow-hidden p-6">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(80%_120%_at_100%_0%,var(--fs-accent-soft),transparent_70%)]"
        />
        <div className="relative flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="flex items-center gap-2 text-sm font-medium text-muted">
              <WalletIcon size={18} /> Wallet balance
            </p>
            <p className="font-display mt-2 text-4xl font-extrabold tracking-tight text-fg">—</p>
            <p className="mt-1 text-xs text-subtle">
              Your balance appears here once payments are enabled.
            </p>
          </div>
          <Button icon={<PlusIcon size={18} />} disabled title="Payments are not enabled yet">
            Add funds
          </Button>
        </div>
      </Card>
      <h2 className="mt-10 mb-4 text-lg font-semibold text-fg">Recent activity</h2>
      <EmptyState
        icon={<ClockIcon size={26} />}
        title="No transactions yet"
        description="Top-ups, tips, unlocks and subscription payments will be listed here with their receipts."
      />
    </Page>
  );
}
