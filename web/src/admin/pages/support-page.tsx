/** Admin · Support tickets: the server has no /admin/support-tickets route yet. */
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotAvailable } from '../components/not-available.tsx';
import { SectionHeader } from '../components/fields.tsx';

export function SupportPage() {
  useDocumentTitle('Admin · Support tickets');
  return (
    <div className="w-full">
      <SectionHeader
        title="Support tickets"
        description="Questions and problems sent to the support desk."
      />
      <NotAvailable what="Support tickets" route="/api/admin/support-tickets" />
    </div>
  );
}
