/** "Use template": a menu of the creator's templates of one type, for the chat and post composers. */
import type { Template, TemplateType } from '@fanspace/contracts';
import { formatUsd } from '../../lib/money.ts';
import { Menu, type MenuItem } from '../../ui/menu.tsx';
import { useAuthStore } from '../auth/store.ts';
import { isCreatorUser } from '../auth/user.ts';
import { useTemplates } from './queries.ts';

export function TemplatePicker({
  type,
  onPick,
  className,
}: {
  type: TemplateType;
  onPick: (template: Template) => void;
  className?: string;
}) {
  const isCreator = useAuthStore((s) => isCreatorUser(s.user));
  const templates = useTemplates(type, isCreator);
  const list = templates.data?.templates ?? [];
  const items: MenuItem[] =
    list.length > 0
      ? list.map((t) => ({
          label: t.price !== null ? `${t.name} · ${formatUsd(t.price)}` : t.name,
          onSelect: () => onPick(t),
        }))
      : [
          {
            label: templates.isPending ? 'Loading templates…' : 'Create a template',
            to: '/settings/templates',
          },
        ];
  if (!isCreator) return null;
  return (
    <Menu
      label="Use template"
      className={className}
      trigger={
        <span className="inline-flex h-8 items-center rounded-full border border-line px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg">
          Use template
        </span>
      }
      items={items}
    />
  );
}
