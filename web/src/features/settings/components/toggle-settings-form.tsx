import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Switch } from '../../../ui/switch.tsx';

export interface ToggleOption {
  key: string;
  label: string;
  description?: string;
  /** Used when the stored settings do not have the key yet. */
  defaultValue: boolean;
}

export function readToggles(
  stored: unknown,
  options: readonly ToggleOption[],
): Record<string, boolean> {
  const source =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    options.map((o) => [
      o.key,
      typeof source[o.key] === 'boolean' ? (source[o.key] as boolean) : o.defaultValue,
    ]),
  );
}

/** A list of switches saved together with one button. */
export function ToggleSettingsForm({
  label,
  options,
  initial,
  saving,
  onSave,
}: {
  label: string;
  options: readonly ToggleOption[];
  initial: Record<string, boolean>;
  saving: boolean;
  onSave: (values: Record<string, boolean>) => void;
}) {
  const [values, setValues] = useState(initial);
  const dirty = options.some((o) => values[o.key] !== initial[o.key]);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    onSave(values);
  }

  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-col gap-4">
      <div className="flex flex-col divide-y divide-line">
        {options.map((option) => (
          <Switch
            key={option.key}
            label={option.label}
            description={option.description}
            checked={values[option.key] ?? option.defaultValue}
            onChange={(checked) => setValues((v) => ({ ...v, [option.key]: checked }))}
          />
        ))}
      </div>
      <Button type="submit" className="self-start" loading={saving} disabled={!dirty}>
        Save
      </Button>
    </form>
  );
}
