/**
 * Icons the content features need beyond ui/icons.tsx, drawn on the same 24×24 stroke grid
 * (Lucide style, ISC). Decorative unless given a `title`.
 */
import { icon } from '../../ui/icons.tsx';

export const HashIcon = icon('HashIcon', <path d="M5 9h15M4 15h15M10 3 8 21M16 3l-2 18" />);
export const PlayIcon = icon('PlayIcon', <path d="M7 4.5v15l12-7.5z" />);
export const FolderIcon = icon(
  'FolderIcon',
  <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
);
export const FolderPlusIcon = icon(
  'FolderPlusIcon',
  <>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <path d="M12 11v6M9 14h6" />
  </>,
);
export const PencilIcon = icon(
  'PencilIcon',
  <>
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z" />
    <path d="m14.5 5.5 3 3" />
  </>,
);
export const GridIcon = icon(
  'GridIcon',
  <>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
  </>,
);
export const ListIcon = icon(
  'ListIcon',
  <>
    <rect x="3.5" y="4" width="17" height="7" rx="1.5" />
    <rect x="3.5" y="13" width="17" height="7" rx="1.5" />
  </>,
);
export const ShareIcon = icon(
  'ShareIcon',
  <>
    <path d="M12 15V3M7.5 7.5 12 3l4.5 4.5" />
    <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
  </>,
);
export const ReplyIcon = icon(
  'ReplyIcon',
  <>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </>,
);
export const VideoIcon = icon(
  'VideoIcon',
  <>
    <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
    <path d="m15.5 10.5 6-3.5v10l-6-3.5" />
  </>,
);
export const MusicIcon = icon(
  'MusicIcon',
  <>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </>,
);
export const LayersIcon = icon(
  'LayersIcon',
  <>
    <path d="m12 3 9 5-9 5-9-5z" />
    <path d="m3 13 9 5 9-5" />
  </>,
);
export const MoveIcon = icon(
  'MoveIcon',
  <>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <path d="M9 14h6M13 11.5l2.5 2.5-2.5 2.5" />
  </>,
);
export const ChevronLeftIcon = icon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = icon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
