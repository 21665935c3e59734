/** Chat icons beyond ui/icons.tsx, on the same 24×24 stroke grid (Lucide style, ISC). */
import { icon } from '../../ui/icons.tsx';

export const SendIcon = icon('SendIcon', <path d="M4 12 20 4l-4 16-4-7zM12 13l8-9" />);
export const PaperclipIcon = icon(
  'PaperclipIcon',
  <path d="m21 11-8.6 8.6a5 5 0 0 1-7-7L14 4a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l8-8" />,
);
export const MicIcon = icon(
  'MicIcon',
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </>,
);
export const StarIcon = icon(
  'StarIcon',
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
);
export const DoubleCheckIcon = icon(
  'DoubleCheckIcon',
  <path d="m2 12.5 4.5 4.5L16 7.5M11 16l1 1 9.5-9.5" />,
);
export const StopIcon = icon('StopIcon', <rect x="6" y="6" width="12" height="12" rx="2" />);
export const HandshakeIcon = icon(
  'HandshakeIcon',
  <path d="m11 17 2 2a1.4 1.4 0 0 0 2-2M14 14l2.5 2.5a1.4 1.4 0 0 0 2-2l-3.9-3.9a2 2 0 0 0-2.8 0l-.9.9a1.4 1.4 0 0 1-2-2l2.8-2.8a4 4 0 0 1 4.8-.6l.5.3a2 2 0 0 0 1.5.2L21 6M21 3v8h-2M3 3v8h2l6.5 6.5a1.4 1.4 0 0 0 2-2M3 4h8" />,
);
