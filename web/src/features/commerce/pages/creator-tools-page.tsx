import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Page } from '../../../ui/page.tsx';
import { PromoCodesManager, PromotionsManager } from '../components/offers-manager.tsx';
import { QandaManager } from '../components/qanda-manager.tsx';
import { TaxManager } from '../components/tax-manager.tsx';
import { WishlistManager } from '../components/wishlist-manager.tsx';

/** /creator-tools: promotions, promo codes, wishlist, Q and A and tax documents. */
export function CreatorToolsPage() {
  useDocumentTitle('Creator tools');
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
