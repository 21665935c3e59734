import type { VaultMediaItem } from '@fanspace/contracts';
import { cn } from '../../../ui/cn.ts';
import { MusicIcon, PlayIcon } from '../../posts/icons.tsx';

/** The square preview of a vault item: small rendition, video poster or an audio glyph. */
export function VaultThumb({ item, className }: { item: VaultMediaItem; className?: string }) {
  const src = item.thumbnailUrl ?? (item.mediaType === 'image' ? item.mediaUrl : null);
  return (
    <span className={cn('relative block aspect-square overflow-hidden bg-surface-2', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          className="h-full w-full object-cover"
        />
      ) : (
        <span className="flex h-full w-full items-center justify-center text-muted">
          {item.mediaType === 'audio' ? <MusicIcon size={28} /> : <PlayIcon size={28} />}
        </span>
      )}
      {item.mediaType === 'video' ? (
        <span className="absolute right-1.5 bottom-1.5 rounded-full bg-black/60 p-1 text-white">
          <PlayIcon size={12} />
        </span>
      ) : null}
    </span>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}
