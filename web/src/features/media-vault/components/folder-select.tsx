import { useId } from 'react';
import { useFoldersQuery } from '../queries.ts';

/** A native select of the caller's folders; '' means no folder (the root). */
export function FolderSelect({
  value,
  onChange,
  label = 'Folder',
}: {
  value: string;
  onChange: (folderId: string) => void;
  label?: string;
}) {
  const id = useId();
  const folders = useFoldersQuery();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-[0.95rem] text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
      >
        <option value="">No folder (unfiled)</option>
        {(folders.data ?? []).map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </select>
    </div>
  );
}
