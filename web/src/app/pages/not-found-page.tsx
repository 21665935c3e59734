import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { CompassIcon } from '../../ui/icons/frame-icons.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto max-w-xl pt-8">
      <h1 className="sr-only">Page not found</h1>
      <EmptyState
        icon={<CompassIcon size={26} />}
        title="This page does not exist"
        description="The link may be broken, or the page may have been removed."
        action={<ButtonLink to="/">Go home</ButtonLink>}
      />
    </div>
  );
}
