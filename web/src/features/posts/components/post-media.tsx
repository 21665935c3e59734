/** The media of an unlocked post: lazy images with their size, videos, audio; a carousel for several. */
import { imageUrlOf, type PresentedMedia } from '@fanspace/contracts';
import { useRef, useState } from 'react';
import { cn } from '../../../ui/cn.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons.tsx';
import { plural } from '../../../lib/plural.ts';

function altFor(item: PresentedMedia, caption: string, username: string): string {
  const own = item.description.trim() || item.title.trim();
  if (own && own !== 'Media Item') return own;
  const text = caption.trim();
  if (text) return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return `${item.mediaType === 'video' ? 'Video' : 'Photo'} by @${username}`;
}

function MediaItemView({
  item,
  caption,
  username,
  eager,
}: {
  item: PresentedMedia;
  caption: string;
  username: string;
  eager: boolean;
}) {
  const alt = altFor(item, caption, username);
  if (item.mediaType === 'video') {
    return (
      <video
        src={item.mediaUrl ?? undefined}
        poster={item.thumbnailUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={alt}
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        className="max-h-[75vh] w-full bg-black object-contain"
      />
    );
  }
  if (item.mediaType === 'audio') {
    return (
      <div className="p-4">
        <audio src={item.mediaUrl ?? undefined} controls aria-label={alt} className="w-full" />
      </div>
    );
  }
  return (
    <img
      src={imageUrlOf(item) ?? undefined}
      alt={alt}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      // the first image of a page is usually its largest paint (LCP): ask for it first
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className="h-auto max-h-[75vh] w-full bg-surface-2 object-contain"
    />
  );
}

export function PostMedia({
  media,
  caption,
  username,
  eager = false,
}: {
  media: PresentedMedia[];
  caption: string;
  username: string;
  eager?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const trackRef = useRef<HTMLDivElement>(null);
  if (media.length === 0) return null;
  const first = media[0];
  if (media.length === 1 && first) {
    return (
      <div className="overflow-hidden bg-surface-2">
        <MediaItemView item={first} caption={caption} username={username} eager={eager} />
      </div>
    );
  }

  function go(to: number): void {
    const next = Math.max(0, Math.min(media.length - 1, to));
    setIndex(next);
    const track = trackRef.current;
    track?.scrollTo?.({ left: next * track.clientWidth, behavior: 'smooth' });
  }

  return (
    <div
      className="relative bg-surface-2"
      role="group"
      aria-roledescription="carousel"
      aria-label={plural(media.length, 'media item')}
    >
      <div
        ref={trackRef}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]"
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {media.map((item, i) => (
          <div
            key={item.id}
            className="w-full shrink-0 snap-center"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${media.length}`}
          >
            <MediaItemView
              item={item}
              caption={caption}
              username={username}
              eager={eager && i === 0}
            />
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label="Previous media"
        disabled={index === 0}
        onClick={() => go(index - 1)}
        className="absolute top-1/2 left-2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white disabled:hidden"
      >
        <ChevronLeftIcon size={20} />
      </button>
      <button
        type="button"
        aria-label="Next media"
        disabled={index >= media.length - 1}
        onClick={() => go(index + 1)}
        className="absolute top-1/2 right-2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white disabled:hidden"
      >
        <ChevronRightIcon size={20} />
      </button>
      <p
        className="absolute top-2 right-2 rounded-full bg-black/55 px-2 py-0.5 text-xs font-semibold text-white"
        aria-live="polite"
      >
        {index + 1} / {media.length}
      </p>
      <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1.5" aria-hidden="true">
        {media.map((item, i) => (
          <span
            key={item.id}
            className={cn('h-1.5 w-1.5 rounded-full', i === index ? 'bg-white' : 'bg-white/45')}
          />
        ))}
      </div>
    </div>
  );
}
