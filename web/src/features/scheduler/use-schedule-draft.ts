/** The composers' "Schedule for later" state: on/off, the chosen time, and its check. */
import { useState } from 'react';
import { defaultScheduleTime, fromLocalInput, scheduleTimeProblem, toLocalInput } from './time.ts';

export function useScheduleDraft() {
  const [enabled, setEnabledState] = useState(false);
  const [value, setValueState] = useState('');
  const [error, setError] = useState<string | null>(null);

  return {
    enabled,
    value,
    error,
    setEnabled(next: boolean) {
      setEnabledState(next);
      setError(null);
      if (next && value === '') setValueState(toLocalInput(defaultScheduleTime()));
    },
    setValue(next: string) {
      setValueState(next);
      setError(null);
    },
    /** The instant to schedule for, or null (with the reason shown) when it cannot be used. */
    check(): Date | null {
      const when = fromLocalInput(value);
      const problem = scheduleTimeProblem(when);
      setError(problem);
      return problem ? null : when;
    },
    reset() {
      setEnabledState(false);
      setValueState('');
      setError(null);
    },
  };
}

export type ScheduleDraft = ReturnType<typeof useScheduleDraft>;
