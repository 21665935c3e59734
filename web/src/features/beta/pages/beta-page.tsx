import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SparklesIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';

export function BetaPage() {
  useDocumentTitle('Beta');
  return (
    <Page
      title="Beta features"
      width="narrow"
      description="Try what is coming next before everyone else."
    >
      <EmptyState
        icon={<SparklesIcon size={26} />}
        title="No beta features to try right now"
        description="When an early feature is ready you can switch it on here and tell us what you think."
      />
    </Page>
  );
}
