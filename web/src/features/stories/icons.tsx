/** Icons of stories and the scheduler not in the shared set. */
import { icon } from '../../ui/icons.tsx';

export const PauseIcon = icon('PauseIcon', <path d="M8 5v14M16 5v14" />);
export const CalendarIcon = icon(
  'CalendarIcon',
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);
export const TypeIcon = icon('TypeIcon', <path d="M5 7V5h14v2M12 5v14M9 19h6" />);
