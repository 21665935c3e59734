/** Display preferences: theme, accent, text size and accessibility switches. */
import { useId } from 'react';
import { cn } from '../../../ui/cn.ts';
import { CheckIcon } from '../../../ui/icons.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { PRIMARY_COLORS, useUiSettings, type FontSize, type ThemeSetting } from '../store.ts';

const THEMES = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'auto', label: 'Auto' },
] as const satisfies ReadonlyArray<{ value: ThemeSetting; label: string }>;

const FONT_SIZES = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
] as const satisfies ReadonlyArray<{ value: FontSize; label: string }>;

export function UiSettingsPanel({ showSidebarOption = true }: { showSidebarOption?: boolean }) {
  const settings = useUiSettings();
  const colorName = useId();

  return (
    <div className="flex flex-col gap-6">
      <SegmentedControl
        label="Theme"
        value={settings.theme}
        options={THEMES}
        onChange={(theme) => settings.update({ theme })}
      />

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">Accent colour</legend>
        <div className="flex flex-wrap gap-3">
          {PRIMARY_COLORS.map((color) => {
            const selected = settings.primaryColor === color.value;
            return (
              <label
                key={color.value}
                title={color.label}
                className={cn(
                  'relative flex h-10 w-10 cursor-pointer items-center justify-center rounded-full ring-offset-2 ring-offset-surface transition',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-fg',
                  selected && 'ring-2 ring-fg',
                )}
                style={{ background: color.swatch }}
              >
                <input
                  type="radio"
                  name={colorName}
                  value={color.value}
                  checked={selected}
                  onChange={() => settings.update({ primaryColor: color.value })}
                  className="sr-only"
                />
                <span className="sr-only">{color.label}</span>
                {selected ? <CheckIcon size={18} className="text-white" strokeWidth={3} /> : null}
              </label>
            );
          })}
        </div>
      </fieldset>

      <SegmentedControl
        label="Text size"
        value={settings.fontSize}
        options={FONT_SIZES}
        onChange={(fontSize) => settings.update({ fontSize })}
      />

      <div className="divide-y divide-line rounded-2xl border border-line px-4">
        {showSidebarOption ? (
          <Switch
            label="Compact sidebar"
            description="Show only icons in the side navigation on larger screens."
            checked={settings.sidebarCollapsed}
            onChange={(sidebarCollapsed) => settings.update({ sidebarCollapsed })}
          />
        ) : null}
        <Switch
          label="Reduce motion"
          description="Turn off animations and transitions."
          checked={settings.reducedMotion}
          onChange={(reducedMotion) => settings.update({ reducedMotion })}
        />
        <Switch
          label="High contrast"
          description="Stronger borders and brighter secondary text."
          checked={settings.highContrast}
          onChange={(highContrast) => settings.update({ highContrast })}
        />
      </div>
    </div>
  );
}
