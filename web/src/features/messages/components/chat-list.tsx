/**
 * The chat list: search, All / Unread / Requests, and one row per chat with the other person,
 * the last message, its time and the unread badge.
 */
import type { Chat } from '@fanspace/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { ButtonLink } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CompassIcon, LockIcon, MessageIcon, SearchIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { formatMoney, listTime } from '../format.ts';
import { otherParticipant, useChatsQuery, type ChatFolder } from '../queries.ts';

type Filter = 'all' | 'unread' | 'requests';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'requests', label: 'Requests' },
];

/** What the list shows of the last message. */
export function lastMessagePreview(chat: Chat, viewerId: string | null): string {
  const m = chat.lastMessage;
  if (!m) return 'No messages yet';
  const prefix = m.senderId === viewerId ? 'You: ' : '';
  const extra = m as typeof m & {
    lockedContent?: { price: number } | null;
    tipAmount?: number | null;
    offerDetails?: { title: string } | null;
    contentRequestDetails?: unknown;
  };
  let body = m.text.trim();
  if (!body) {
    if (extra.lockedContent) body = `Locked message · ${formatMoney(extra.lockedContent.price)}`;
    else if (extra.tipAmount) body = `Tip · ${formatMoney(extra.tipAmount)}`;
    else if (extra.offerDetails) body = `Offer: ${extra.offerDetails.title || 'Offer'}`;
    else if (extra.contentRequestDetails) body = 'Content request';
    else if (m.imageUrl || m.mediaItems.some((i) => i.mediaType === 'image')) body = 'Photo';
    else if (m.videoUrl || m.mediaItems.some((i) => i.mediaType === 'video')) body = 'Video';
    else if (m.voiceUrl) body = 'Voice message';
    else body = 'Message';
  }
  return prefix + body;
}

function matches(chat: Chat, viewerId: string | null, query: string): boolean {
  if (!query) return true;
  const q = query.toLowerCase();
  const other = otherParticipant(chat, viewerId)?.user;
  return [other?.username, other?.displayName, chat.lastMessage?.text]
    .filter(Boolean)
    .some((text) => text!.toLowerCase().includes(q));
}

function ChatRow({
  chat,
  viewerId,
  active,
}: {
  chat: Chat;
  viewerId: string | null;
  active: boolean;
}) {
  const other = otherParticipant(chat, viewerId)?.user ?? null;
  const name = other ? displayNameOf(other) : 'Deleted user';
  const unread = chat.unreadCount;
  const last = chat.lastMessage;
  const preview = lastMessagePreview(chat, viewerId);
  return (
    <Link
      to={`/messages/${chat.id}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-2xl px-3 py-2.5 transition-colors',
        active ? 'bg-accent/15' : 'hover:bg-surface-2',
      )}
    >
      <Avatar name={name} src={avatarUrlOf(other)} size={48} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p
            className={cn(
              'truncate text-[15px] text-fg',
              unread > 0 ? 'font-bold' : 'font-semibold',
            )}
          >
            {name}
          </p>
          {last ? (
            <time
              dateTime={last.timestamp}
              className={cn(
                'shrink-0 text-xs',
                unread > 0 ? 'font-semibold text-accent' : 'text-subtle',
              )}
            >
              {listTime(last.timestamp)}
            </time>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className={cn('truncate text-sm', unread > 0 ? 'font-medium text-fg' : 'text-muted')}>
            {preview.includes('Locked message') ? (
              <LockIcon size={12} className="mr-1 inline" />
            ) : null}
            {preview}
          </p>
          {unread > 0 ? (
            <span
              className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-solid px-1.5 text-[11px] font-bold text-white"
              aria-label={`${unread} unread`}
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}

export function ChatList({
  activeChatId,
  viewerId,
}: {
  activeChatId?: string;
  viewerId: string | null;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const folder: ChatFolder = filter === 'requests' ? 'requests' : 'inbox';
  const chats = useChatsQuery(folder);
  const requests = useChatsQuery('requests');
  const requestCount = requests.data?.chats.length ?? 0;

  const visible = useMemo(() => {
    const list = chats.data?.chats ?? [];
    return list
      .filter((c) => (filter === 'unread' ? c.unreadCount > 0 : true))
      .filter((c) => matches(c, viewerId, query.trim()));
  }, [chats.data, filter, query, viewerId]);

  let content;
  if (chats.isPending) {
    content = (
      <ul className="flex flex-col gap-2" aria-label="Loading conversations">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="flex items-center gap-3 px-3 py-2.5">
            <Skeleton className="h-12 w-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (chats.isError) {
    content = (
      <ErrorState title="Could not load your conversations" onRetry={() => void chats.refetch()} />
    );
  } else if (visible.length === 0) {
    content =
      query || filter !== 'all' ? (
        <p className="px-3 py-8 text-center text-sm text-muted">
          {query
            ? `No conversations match “${query}”.`
            : filter === 'unread'
              ? 'You are all caught up.'
              : 'No message requests.'}
        </p>
      ) : (
        <EmptyState
          className="mt-4 justify-center"
          icon={<MessageIcon size={26} />}
          title="No conversations yet"
          description="When you message a creator or a fan writes to you, the conversation shows up here."
          action={
            <ButtonLink to="/discover" variant="secondary" icon={<CompassIcon size={18} />}>
              Find someone to message
            </ButtonLink>
          }
        />
      );
  } else {
    content = (
      <ul className="flex flex-col gap-0.5" aria-label="Conversations">
        {visible.map((chat) => (
          <li key={chat.id}>
            <ChatRow chat={chat} viewerId={viewerId} active={chat.id === activeChatId} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <label className="relative mt-4 block">
        <span className="sr-only">Search conversations</span>
        <SearchIcon
          size={18}
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-subtle"
        />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search conversations"
          className="h-11 w-full rounded-2xl border border-line bg-surface pr-4 pl-10 text-sm text-fg outline-none placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-accent/30"
        />
      </label>
      <div role="group" aria-label="Filter conversations" className="mt-3 flex gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={cn(
              'rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors',
              filter === f.value ? 'bg-fg text-canvas' : 'bg-surface-2 text-muted hover:text-fg',
            )}
          >
            {f.label}
            {f.value === 'requests' && requestCount > 0 ? ` (${requestCount})` : ''}
          </button>
        ))}
      </div>
      <div className="mt-3 min-h-0 flex-1 overflow-y-auto pb-2">{content}</div>
    </div>
  );
}
