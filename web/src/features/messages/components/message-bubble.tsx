/**
 * One message: quote, text, media, paid parts, time and receipt, and its actions (like,
 * favorite, reply, delete or report). Deleted messages show '[message deleted]' only.
 */
import { TranslateButton } from '../../community/components/translate-button.tsx';
import { memo } from 'react';
import { cn } from '../../../ui/cn.ts';
import { HeartIcon, MoreIcon, TrashIcon, FlagIcon, CheckIcon } from '../../../ui/icons.tsx';
import { Menu } from '../../../ui/menu.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ReplyIcon } from '../../posts/icons.tsx';
import { bubbleTime, durationLabel, formatMoney } from '../format.ts';
import { DoubleCheckIcon, StarIcon } from '../icons.tsx';
import { DELETED_TEXT, isServerId, type ChatMessage } from '../types.ts';
import { ContentRequestCard, LockedMessageCard, OfferCard } from './paid-cards.tsx';
import { MessageText } from './message-text.tsx';
import { plural } from '../../../lib/plural.ts';

export interface MessageActions {
  onReply(message: ChatMessage): void;
  onLike(message: ChatMessage): void;
  onFavorite(message: ChatMessage): void;
  onDelete(message: ChatMessage): void;
  onReport(message: ChatMessage): void;
}

function MediaAttachments({ message }: { message: ChatMessage }) {
  const items = message.mediaItems.filter((m) => m.mediaUrl ?? m.thumbnailUrl);
  return (
    <>
      {message.imageUrl ? (
        <img
          src={message.imageUrl}
          alt="Photo in message"
          className="max-h-80 w-full rounded-2xl object-cover"
          loading="lazy"
        />
      ) : null}
      {message.videoUrl ? (
        <video
          src={message.videoUrl}
          controls
          playsInline
          preload="metadata"
          aria-label="Video in message"
          className="max-h-80 w-full rounded-2xl bg-black"
        />
      ) : null}
      {message.voiceUrl ? (
        <div className="flex items-center gap-2">
          <audio
            src={message.voiceUrl}
            controls
            preload="metadata"
            aria-label="Voice message"
            className="h-10 max-w-full"
          />
          {message.voiceDuration ? (
            <span className="text-xs opacity-80">{durationLabel(message.voiceDuration)}</span>
          ) : null}
        </div>
      ) : null}
      {items.length > 0 ? (
        <div className={cn('grid gap-1', items.length > 1 && 'grid-cols-2')}>
          {items.map((item) =>
            item.mediaType === 'video' ? (
              <video
                key={item.id}
                src={item.mediaUrl ?? undefined}
                poster={item.thumbnailUrl ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={item.title || 'Video'}
                className="max-h-72 w-full rounded-xl bg-black"
              />
            ) : item.mediaType === 'audio' ? (
              <audio
                key={item.id}
                src={item.mediaUrl ?? undefined}
                controls
                aria-label={item.title || 'Audio'}
              />
            ) : (
              <img
                key={item.id}
                src={item.mediaUrl ?? item.thumbnailUrl ?? undefined}
                alt={item.title || 'Photo in message'}
                loading="lazy"
                className="max-h-72 w-full rounded-xl object-cover"
              />
            ),
          )}
        </div>
      ) : null}
    </>
  );
}

/** Scrolls to a quoted message (when loaded) and highlights it for a moment. */
function showQuoted(id: string): void {
  const el = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);
  if (!el) return;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.classList.add('animate-pulse');
  setTimeout(() => el.classList.remove('animate-pulse'), 1_500);
}

function Receipt({ message }: { message: ChatMessage }) {
  if (message.status === 'sending') {
    return (
      <span className="inline-flex items-center gap-1" role="img" aria-label="Sending">
        <Spinner size={10} label="Sending" />
        {message.uploadProgress !== undefined ? `${Math.round(message.uploadProgress)}%` : null}
      </span>
    );
  }
  return message.read ? (
    <span className="inline-flex items-center gap-0.5 text-accent" role="img" aria-label="Read">
      <DoubleCheckIcon size={14} /> Seen
    </span>
  ) : (
    <span className="inline-flex items-center" role="img" aria-label="Sent">
      <CheckIcon size={14} />
    </span>
  );
}

export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  viewerId,
  otherName,
  actions,
  grouped = false,
}: {
  message: ChatMessage;
  mine: boolean;
  viewerId: string;
  otherName: string;
  actions: MessageActions;
  /** the next message is from the same sender soon after: time and receipt show there */
  grouped?: boolean;
}) {
  const liked = message.likedBy.includes(viewerId);
  const likes = message.likedBy.length;
  const onServer = isServerId(message.id);
  // a locked message shows its media in its card only
  const locked = message.lockedContent !== null;
  const hasMedia =
    !locked &&
    Boolean(
      message.imageUrl || message.videoUrl || message.voiceUrl || message.mediaItems.length > 0,
    );
  const hasBody = Boolean(message.text || message.quotedMessage || hasMedia);
  const who = mine ? 'You' : otherName;

  if (message.isDeleted) {
    return (
      <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
        <p
          className="rounded-2xl border border-dashed border-line px-3.5 py-2 text-sm text-subtle italic"
          aria-label={`${who}: ${DELETED_TEXT}`}
        >
          {DELETED_TEXT}
        </p>
      </div>
    );
  }

  const menuItems = [
    { label: 'Reply', icon: <ReplyIcon size={16} />, onSelect: () => actions.onReply(message) },
    {
      label: message.isFavorited ? 'Remove from favorites' : 'Add to favorites',
      icon: <StarIcon size={16} />,
      onSelect: () => actions.onFavorite(message),
    },
    ...(mine
      ? [
          {
            label: 'Delete',
            icon: <TrashIcon size={16} />,
            tone: 'danger' as const,
            onSelect: () => actions.onDelete(message),
          },
        ]
      : [
          {
            label: 'Report',
            icon: <FlagIcon size={16} />,
            tone: 'danger' as const,
            onSelect: () => actions.onReport(message),
          },
        ]),
  ];

  return (
    <div
      className={cn('group flex items-end gap-1.5', mine ? 'flex-row-reverse' : 'flex-row')}
      data-message-id={message.id}
    >
      <div
        className={cn(
          // min-w-0 and overflow-wrap:anywhere: a long unbroken word (a link, "aaaa…") wraps
          // inside the bubble instead of widening it past the screen
          'flex min-w-0 max-w-[82%] flex-col gap-1 wrap-anywhere sm:max-w-[70%]',
          mine ? 'items-end' : 'items-start',
        )}
      >
        {message.tipAmount ? (
          <p
            className="rounded-2xl bg-[linear-gradient(135deg,var(--fs-accent),var(--fs-accent-2))] px-3.5 py-2 text-sm font-semibold text-white"
            aria-label={`${who} sent a tip of ${formatMoney(message.tipAmount)}`}
          >
            💸 {mine ? 'You tipped' : 'Tip'} {formatMoney(message.tipAmount)}
          </p>
        ) : null}
        {message.lockedContent ? <LockedMessageCard message={message} mine={mine} /> : null}
        {message.offerDetails ? <OfferCard message={message} mine={mine} /> : null}
        {message.contentRequestDetails ? (
          <ContentRequestCard message={message} mine={mine} />
        ) : null}
        {hasBody ? (
          <div
            className={cn(
              'flex max-w-full min-w-0 flex-col gap-2 rounded-3xl px-3.5 py-2.5 text-[15px] leading-snug wrap-anywhere',
              mine
                ? 'rounded-br-lg bg-accent-solid text-white'
                : 'rounded-bl-lg border border-line bg-surface text-fg',
              message.status === 'sending' && 'opacity-80',
            )}
          >
            {message.quotedMessage ? (
              <button
                type="button"
                onClick={() => showQuoted(message.quotedMessage!.id)}
                className={cn(
                  'block w-full rounded-xl border-l-4 px-2.5 py-1.5 text-left text-xs',
                  mine ? 'border-white/60 bg-white/15' : 'border-accent bg-surface-2',
                )}
              >
                <span className="sr-only">Replying to: </span>
                <span className="line-clamp-2">
                  {message.quotedMessage.isDeleted
                    ? DELETED_TEXT
                    : message.quotedMessage.text ||
                      (message.quotedMessage.hasMedia ? 'Media' : '…')}
                </span>
              </button>
            ) : null}
            {locked ? null : <MediaAttachments message={message} />}
            {message.uploadProgress !== undefined && message.status === 'sending' ? (
              <progress
                className="h-1.5 w-full accent-white"
                max={100}
                value={message.uploadProgress}
                aria-label="Upload progress"
              />
            ) : null}
            {message.text ? <MessageText text={message.text} mine={mine} /> : null}
            {message.text && !mine && onServer ? <TranslateButton text={message.text} /> : null}
          </div>
        ) : null}
        <div
          className={cn(
            'flex items-center gap-2 px-1 text-[11px] text-subtle',
            mine ? 'flex-row-reverse' : 'flex-row',
            grouped &&
              message.status !== 'sending' &&
              likes === 0 &&
              !message.isFavorited &&
              'sr-only',
          )}
        >
          <time dateTime={message.timestamp}>{bubbleTime(message.timestamp)}</time>
          {mine && (!grouped || message.status === 'sending') ? (
            <Receipt message={message} />
          ) : null}
          {message.isFavorited ? (
            <StarIcon size={12} className="text-warning" aria-label="Favorite" />
          ) : null}
          {likes > 0 ? (
            <span
              className="inline-flex items-center gap-0.5 text-danger"
              aria-label={plural(likes, 'like')}
            >
              <HeartIcon size={12} /> {likes > 1 ? likes : null}
            </span>
          ) : null}
        </div>
      </div>
      {onServer ? (
        <div
          className={cn(
            'flex shrink-0 items-center gap-0.5 self-center opacity-100 transition-opacity',
            'sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
          )}
        >
          <button
            type="button"
            aria-pressed={liked}
            aria-label={liked ? 'Unlike message' : 'Like message'}
            title={liked ? 'Unlike' : 'Like'}
            onClick={() => actions.onLike(message)}
            className={cn(
              'inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-surface-2',
              liked ? 'text-danger' : 'text-subtle',
            )}
          >
            <HeartIcon size={16} fill={liked ? 'currentColor' : 'none'} />
          </button>
          <Menu
            label="Message actions"
            trigger={
              <span className="inline-flex h-8 w-8 items-center justify-center rounded-full text-subtle hover:bg-surface-2">
                <MoreIcon size={16} />
              </span>
            }
            items={menuItems}
          />
        </div>
      ) : null}
    </div>
  );
});
