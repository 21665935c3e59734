/** "Use template": a menu of the creator's templates of one type, for the chat and post composers. */
import type { Template, TemplateType } from '@fanspace/contracts';
import { formatUsd } from '../../lib/money.ts';
import { Menu, type MenuItem } from '../../ui/menu.tsx';
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
  const templates = useTemplates(type);
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
  return (
    <Menu
      label="Use template"
      className={className}
      trigger={<span className="text-sm font-medium">Use template</span>}
      items={items}
    />
  );
}
