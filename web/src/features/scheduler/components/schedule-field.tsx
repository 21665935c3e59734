/**
 * "Schedule for later" for the post and story composers: a switch and, when on, the date and
 * time it goes out (local time; must be in the future and within a year).
 */
import { Switch } from '../../../ui/switch.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toLocalInput } from '../time.ts';

export const SCHEDULE_SWITCH_LABEL = 'Schedule for later';
export const SCHEDULE_TIME_LABEL = 'Publish at';

export function ScheduleField({
  enabled,
  onEnabledChange,
  value,
  onChange,
  error,
}: {
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  /** datetime-local text */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <div className="rounded-2xl border border-line px-4 py-2">
      <Switch
        label={SCHEDULE_SWITCH_LABEL}
        description="Publish automatically at a time you pick."
        checked={enabled}
        onChange={onEnabledChange}
      />
      {enabled ? (
        <TextField
          type="datetime-local"
          label={SCHEDULE_TIME_LABEL}
          value={value}
          min={toLocalInput(new Date())}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          className="pb-3"
        />
      ) : null}
    </div>
  );
}
