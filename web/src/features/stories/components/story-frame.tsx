/**
 * One story as it is seen: the photo or video (or the background colour of a text story) in a
 * 9:16 frame, the overlay text centred on its textPosition, and the caption along the bottom.
 * Text sizes are the pixel sizes of a 390 px wide phone, scaled with the frame.
 */
import type { StoryTextPosition } from '@fanspace/contracts';
import type { ReactNode, Ref } from 'react';
import { cn } from '../../../ui/cn.ts';

export const DEFAULT_STORY_BACKGROUND = '#6d28d9';
const REFERENCE_WIDTH = 390;

export interface StoryFrameProps {
  mediaType: 'image' | 'video' | 'text';
  mediaUrl: string | null;
  posterUrl?: string | null;
  caption: string;
  textOverlay: string;
  textPosition: StoryTextPosition;
  textSize: number;
  backgroundColor: string | null;
  textColor: string;
  videoRef?: Ref<HTMLVideoElement>;
  onVideoEnded?: () => void;
  onVideoTime?: (fraction: number) => void;
  muted?: boolean;
  /** extra layers (the composer's drag handle) */
  children?: ReactNode;
  className?: string;
  overlayRef?: Ref<HTMLParagraphElement>;
}

export function StoryFrame({
  mediaType,
  mediaUrl,
  posterUrl,
  caption,
  textOverlay,
  textPosition,
  textSize,
  backgroundColor,
  textColor,
  videoRef,
  onVideoEnded,
  onVideoTime,
  muted = true,
  children,
  className,
  overlayRef,
}: StoryFrameProps) {
  const background = backgroundColor ?? (mediaType === 'text' ? DEFAULT_STORY_BACKGROUND : '#000');
  return (
    <div
      className={cn(
        'relative aspect-[9/16] w-full overflow-hidden [container-type:inline-size]',
        className,
      )}
      style={{ backgroundColor: background }}
    >
      {mediaType === 'image' && mediaUrl ? (
        <img
          src={mediaUrl}
          alt=""
          className="absolute inset-0 h-full w-full object-contain max-sm:object-cover"
          draggable={false}
        />
      ) : null}
      {mediaType === 'video' && mediaUrl ? (
        <video
          ref={videoRef}
          src={mediaUrl}
          poster={posterUrl ?? undefined}
          className="absolute inset-0 h-full w-full object-contain max-sm:object-cover"
          playsInline
          muted={muted}
          autoPlay
          onEnded={onVideoEnded}
          onTimeUpdate={(event) => {
            const video = event.currentTarget;
            if (onVideoTime && video.duration > 0) onVideoTime(video.currentTime / video.duration);
          }}
        />
      ) : null}
      {textOverlay ? (
        <p
          ref={overlayRef}
          className="absolute max-w-[90%] -translate-x-1/2 -translate-y-1/2 text-center font-bold wrap-anywhere whitespace-pre-wrap [text-shadow:0_1px_8px_rgb(0_0_0/0.45)]"
          style={{
            left: `${textPosition.x * 100}%`,
            top: `${textPosition.y * 100}%`,
            color: textColor,
            fontSize: `calc(${textSize} * 100cqw / ${REFERENCE_WIDTH})`,
            lineHeight: 1.15,
          }}
        >
          {textOverlay}
        </p>
      ) : null}
      {caption ? (
        <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-4 pt-10 pb-5 text-sm text-white">
          {caption}
        </p>
      ) : null}
      {children}
    </div>
  );
}
