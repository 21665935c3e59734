/**
 * The icons the app chunk and the sign-in pages draw: toasts, dialogs, error and not-found
 * states, the become-creator modal, password fields and the two-step sign-in. They ship with
 * the app chunk, which every page (/login too) loads; the rest (./page-icons.tsx) arrive with
 * the pages that draw them. A module of the app chunk imports its icons from here, never from
 * the barrel ../icons.tsx, which would bring every page icon along; move an icon here when the
 * app chunk starts to need it. /login has a budget of 150 KB of gzipped JavaScript
 * (docs/PERFORMANCE.md, "The icons the app chunk draws").
 */
import { icon } from './icon.tsx';

export const CompassIcon = icon(
  'CompassIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
);
export const CloseIcon = icon('CloseIcon', <path d="M18 6 6 18M6 6l12 12" />);
export const LockIcon = icon(
  'LockIcon',
  <>
    <rect x="4" y="11" width="16" height="10" rx="2.5" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const SparklesIcon = icon(
  'SparklesIcon',
  <>
    <path d="M12 3 13.8 8.2 19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
    <path d="M19 15v4M17 17h4M5 3v3M3.5 4.5h3" />
  </>,
);
export const ShieldIcon = icon(
  'ShieldIcon',
  <>
    <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const CheckCircleIcon = icon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.8 2.8L16.5 9.5" />
  </>,
);
export const AlertIcon = icon(
  'AlertIcon',
  <>
    <path d="M10.3 4 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4a2 2 0 0 0-3.4 0z" />
    <path d="M12 9.5v4M12 17h.01" />
  </>,
);
export const InfoIcon = icon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);
export const ErrorCircleIcon = icon(
  'ErrorCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
);
export const EyeIcon = icon(
  'EyeIcon',
  <>
    <path d="M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = icon(
  'EyeOffIcon',
  <>
    <path d="M10.6 5.1A9.6 9.6 0 0 1 12 5c6 0 9.5 7 9.5 7a16 16 0 0 1-2.4 3.3M6.6 6.6C3.9 8.3 2.5 12 2.5 12S6 19 12 19a9 9 0 0 0 5.4-1.7" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
);
export const ImageIcon = icon(
  'ImageIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-4.5-4.5L6 21" />
  </>,
);
export const RefreshIcon = icon(
  'RefreshIcon',
  <>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
    <path d="M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M20 20v-4h-4" />
  </>,
);
export const ClockIcon = icon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const BadgeCheckIcon = icon(
  'BadgeCheckIcon',
  <>
    <path d="M12 2.8 14.4 4.5l2.9-.2.9 2.8 2.4 1.7-1 2.7 1 2.8-2.4 1.6-.9 2.8-2.9-.1L12 21.2l-2.4-1.8-2.9.1-.9-2.8-2.4-1.6 1-2.8-1-2.7 2.4-1.7.9-2.8 2.9.2z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
