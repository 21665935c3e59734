import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BadgeCheckIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { PromoCodesManager, PromotionsManager } from '../components/offers-manager.tsx';
import { QandaManager } from '../components/qanda-manager.tsx';
import { TaxManager } from '../components/tax-manager.tsx';
import { WishlistManager } from '../components/wishlist-manager.tsx';

/** /creator-tools: promotions, promo codes, wishlist, Q and A and tax documents. */
export function CreatorToolsPage() {
  useDocumentTitle('Creator tools');
  const creator = isCreatorUser(useAuthStore((s) => s.user));
  // a fan meets what other creator-only pages show (scheduler, earnings), not forms that 403
  if (!creator)
    return (
      <Page title="Creator tools" width="narrow">
        <EmptyState
          icon={<BadgeCheckIcon size={26} />}
          title="Creator tools are for creators"
          description="Creator accounts can run promotions and promo codes, keep a wishlist, answer questions and file tax documents."
          action={
            <ButtonLink to="/settings/creator" variant="primary">
              Set up a creator account
            </ButtonLink>
          }
        />
      </Page>
    );
  return (
    <Page
      title="Creator tools"
      description="Offers, your wishlist, your Q and A and your tax documents."
    >
      <nav aria-label="Sections" className="mb-4 flex flex-wrap gap-2 text-sm">
        {[
          ['promotions', 'Promotions'],
          ['promo-codes', 'Promo codes'],
          ['wishlist', 'Wishlist'],
          ['qanda', 'Q and A'],
          ['tax', 'Tax documents'],
        ].map(([id, label]) => (
          <a
            key={id}
            href={`#${id}-title`}
            className="rounded-full bg-surface-2 px-3 py-1.5 font-medium text-fg hover:bg-surface-3"
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="flex flex-col gap-6">
        <PromotionsManager />
        <PromoCodesManager />
        <WishlistManager />
        <QandaManager />
        <TaxManager />
      </div>
    </Page>
  );
}
