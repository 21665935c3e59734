import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import type { AdminSection } from '../sections.ts';

export function AdminSectionPage({ section }: { section: AdminSection }) {
  useDocumentTitle(`Admin · ${section.label}`);
  const Icon = section.icon;
  return (
    <div className="w-full">
      <header className="mb-6">
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">
          {section.label}
        </h1>
        <p className="mt-1 text-muted">{section.description}</p>
      </header>
      <EmptyState
        icon={<Icon size={26} />}
        title="Nothing to show yet"
        description="This section fills in as the platform gets its first users and activity."
      />
    </div>
  );
}
