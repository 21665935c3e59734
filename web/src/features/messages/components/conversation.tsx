/**
 * A conversation: header, the message log (older pages load when scrolled to the top, keeping
 * the scroll position), receipts, typing indicator and the composer.
 */
import { CreatorNotesPanel } from '../../creator-kit/creator-notes-panel.tsx';
import type { Chat } from '@fanspace/contracts';
import { ErrorCodes } from '@fanspace/contracts/errors';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCodeOf, isApiError } from '../../../lib/api/index.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import {
  ArrowLeftIcon,
  FileIcon,
  MessageIcon,
  MoreIcon,
  TrashIcon,
  UserIcon,
} from '../../../ui/icons.tsx';
import { Menu } from '../../../ui/menu.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { avatarUrlOf, displayNameOf, isCreatorUser } from '../../auth/user.ts';
import { useAuthStore } from '../../auth/store.ts';
import { relationState, useRelationMutation } from '../../profile/queries.ts';
import { refreshWallet } from '../../wallet/queries.ts';
import * as api from '../chats-api.ts';
import { dayLabel } from '../format.ts';
import { useIsOnline } from '../presence.ts';
import { useMessageStore, type Draft } from '../message-store.ts';
import { chatKeys, otherParticipant, setChatUnread } from '../queries.ts';
import { sendTyping, stopTyping } from '../typing.ts';
import { useOpenChatStore, useTypingStore } from '../use-chat-realtime.ts';
import { DELETED_TEXT, type ChatMessage } from '../types.ts';
import { Composer } from './composer.tsx';
import { MessageBubble, type MessageActions } from './message-bubble.tsx';

const NEAR_BOTTOM_PX = 120;
const GROUP_GAP_MS = 2 * 60_000;

/** Consecutive messages of one sender within 2 minutes share one time and receipt line. */
function isGrouped(message: ChatMessage, next: ChatMessage | undefined): boolean {
  if (!next || next.senderId !== message.senderId || message.isDeleted || next.isDeleted)
    return false;
  const gap = Date.parse(next.timestamp) - Date.parse(message.timestamp);
  return gap >= 0 && gap < GROUP_GAP_MS && dayLabel(next.timestamp) === dayLabel(message.timestamp);
}
const NEAR_TOP_PX = 160;

function useIsTyping(chatId: string, otherId: string | null): boolean {
  return useTypingStore((s) => (otherId ? (s.typing[chatId] ?? []).includes(otherId) : false));
}

function ReportDialog({ message, onClose }: { message: ChatMessage | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(): Promise<void> {
    if (!message || !reason.trim()) return;
    setBusy(true);
    try {
      await api.reportMessage(message.id, reason.trim());
      toast.success('Thanks. The message was reported.');
      setReason('');
      onClose();
    } catch {
      toast.error('Failed to submit report');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      title="Report message"
      description="Tell us what is wrong. Reports are reviewed by moderators."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={!reason.trim()}
            onClick={() => void submit()}
          >
            Report
          </Button>
        </>
      }
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
        Reason
        <select
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-fg"
        >
          <option value="">Choose a reason</option>
          <option value="spam">Spam or scam</option>
          <option value="harassment">Harassment or hate</option>
          <option value="inappropriate">Inappropriate content</option>
          <option value="other">Something else</option>
        </select>
      </label>
    </Dialog>
  );
}

export function Conversation({ chat, onBack }: { chat: Chat; onBack?: () => void }) {
  const chatId = chat.id;
  const me = useAuthStore((s) => s.user);
  const meId = me?.id ?? '';
  const client = useQueryClient();
  const other = otherParticipant(chat, meId);
  const otherUser = other?.user ?? null;
  const otherName = otherUser ? displayNameOf(otherUser) : 'Deleted user';
  const thread = useMessageStore((s) => s.threads[chatId]);
  const messages = useMemo(() => thread?.messages ?? [], [thread?.messages]);
  const [quoted, setQuoted] = useState<ChatMessage | null>(null);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const lastId = useRef<string | null>(null);
  const stickToBottom = useRef(true);
  const typing = useIsTyping(chatId, other?.userId ?? null);
  const online = useIsOnline(otherUser ? otherUser.id : null);
  const [notesOpen, setNotesOpen] = useState(false);
  // the chat whose sends the server refused for a block the other side made after the chat
  // was loaded (its canReply says so for blocks made before)
  const [refusedChat, setRefusedChat] = useState<string | null>(null);
  const relation = useRelationMutation();

  // open: load (30-second refetch skip), mark the chat on screen, read everything
  useEffect(() => {
    useOpenChatStore.getState().set(chatId);
    stickToBottom.current = true;
    lastId.current = null;
    void useMessageStore
      .getState()
      .load(chatId)
      .catch(() => undefined);
    if (chat.unreadCount > 0) {
      void api
        .readAllMessages(chatId)
        .then(() => setChatUnread(client, chatId, 0))
        .catch(() => undefined);
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        // SPEC §9: the 8-second reload throttle
        void useMessageStore
          .getState()
          .reload(chatId)
          .catch(() => undefined);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (useOpenChatStore.getState().chatId === chatId) useOpenChatStore.getState().set(null);
    };
    // chat.unreadCount is read once per opened chat on purpose
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatId, client]);

  // new messages of the other side: read receipts and the live announcement
  useEffect(() => {
    const newest = messages[messages.length - 1];
    if (!newest) return;
    if (
      newest.id !== lastId.current &&
      lastId.current !== null &&
      newest.senderId !== meId &&
      !newest.isDeleted
    ) {
      setAnnouncement(
        `New message from ${otherName}: ${newest.text || (newest.lockedContent ? 'locked content' : 'media')}`,
      );
    }
    lastId.current = newest.id;
    if (document.visibilityState === 'visible') {
      void useMessageStore
        .getState()
        .readVisible(chatId)
        .then((count) => {
          // the list's unread badge follows what was just read
          if (count > 0) void client.invalidateQueries({ queryKey: chatKeys.all });
        });
    }
  }, [messages, chatId, meId, otherName, client]);

  // keep the view: at the bottom for new messages, in place when older ones are prepended
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    const newest = messages[messages.length - 1];
    if (stickToBottom.current || newest?.senderId === meId) el.scrollTop = el.scrollHeight;
  }, [messages, meId]);

  const loadOlder = () => {
    const el = listRef.current;
    const t = useMessageStore.getState().threads[chatId];
    if (!el || !t?.hasMore || t.olderStatus === 'loading') return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void useMessageStore
      .getState()
      .loadOlder(chatId)
      .finally(() => {
        // nothing was added: forget the anchor
        requestAnimationFrame(() => {
          anchor.current = null;
        });
      });
  };

  function onScroll(): void {
    const el = listRef.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX) loadOlder();
  }

  const send = async (draft: Partial<Draft>) => {
    stickToBottom.current = true;
    stopTyping(chatId);
    try {
      await useMessageStore.getState().send(chatId, {
        text: draft.text ?? '',
        receiverId: other?.userId,
        ...draft,
      });
    } catch (error) {
      if (errorCodeOf(error) === ErrorCodes.USER_BLOCKED) setRefusedChat(chatId);
      throw error;
    }
    // a tip was paid from the wallet
    if (draft.tipAmount) void refreshWallet(client);
  };

  const actions: MessageActions = {
    onReply: (m) => setQuoted(m),
    onLike: (m) => void useMessageStore.getState().toggleLike(chatId, m.id),
    onFavorite: (m) => void useMessageStore.getState().toggleFavorite(chatId, m.id),
    onDelete: (m) => setDeleting(m),
    onReport: (m) => setReporting(m),
  };

  const status = thread?.status ?? 'loading';
  // photos and videos take their height when they load, after the scroll to the newest
  // message: whoever was there stays there
  const listShown = messages.length > 0 || status === 'ready';
  useEffect(() => {
    const el = listRef.current;
    if (!listShown || !el) return undefined;
    const onMediaSized = () => {
      if (stickToBottom.current && !anchor.current) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('load', onMediaSized, true);
    el.addEventListener('loadedmetadata', onMediaSized, true);
    return () => {
      el.removeEventListener('load', onMediaSized, true);
      el.removeEventListener('loadedmetadata', onMediaSized, true);
    };
  }, [listShown]);

  let body;
  if ((status === 'loading' || status === 'idle') && messages.length === 0) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Loading messages" />
      </div>
    );
  } else if (status === 'error' && messages.length === 0) {
    body = (
      <div className="flex flex-1 items-center justify-center p-6">
        <ErrorState
          title="Failed to load messages"
          onRetry={() =>
            void useMessageStore
              .getState()
              .load(chatId, { force: true })
              .catch(() => undefined)
          }
        />
      </div>
    );
  } else {
    body = (
      <div
        ref={listRef}
        onScroll={onScroll}
        className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
        tabIndex={0}
        aria-label={`Messages with ${otherName}`}
        role="region"
      >
        {thread?.hasMore ? (
          <div className="flex justify-center pb-3">
            {thread.olderStatus === 'error' ? (
              <Button size="sm" variant="secondary" onClick={loadOlder}>
                Failed to load more messages. Retry
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                loading={thread.olderStatus === 'loading'}
                onClick={loadOlder}
              >
                Load earlier messages
              </Button>
            )}
          </div>
        ) : null}
        {messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
            <MessageIcon size={32} className="text-subtle" />
            <p className="font-semibold text-fg">Say hi to {otherName}</p>
            <p className="max-w-xs text-sm text-muted">
              Messages, tips and unlockable media all live here.
            </p>
          </div>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="Messages">
            {messages.map((m, i) => {
              const day = dayLabel(m.timestamp);
              const previous = messages[i - 1];
              const showDay = !previous || dayLabel(previous.timestamp) !== day;
              return (
                <Fragment key={m.id}>
                  {showDay ? (
                    <li
                      className="my-2 text-center text-xs font-medium text-subtle"
                      aria-hidden="true"
                    >
                      {day}
                    </li>
                  ) : null}
                  <li>
                    <MessageBubble
                      message={m}
                      mine={m.senderId === meId}
                      viewerId={meId}
                      otherName={otherName}
                      actions={actions}
                      grouped={isGrouped(m, messages[i + 1])}
                    />
                  </li>
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
    );
  }

  const blocked = otherUser === null;

  return (
    <section
      aria-label={`Conversation with ${otherName}`}
      className="flex h-full min-h-0 flex-col overflow-hidden rounded-3xl border border-line bg-canvas"
    >
      <header className="flex items-center gap-3 border-b border-line bg-surface px-3 py-2.5 sm:px-4">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            aria-label="Back to conversations"
            className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-surface-2 lg:hidden"
          >
            <ArrowLeftIcon size={20} />
          </button>
        ) : null}
        <span className="relative shrink-0">
          <Avatar name={otherName} src={avatarUrlOf(otherUser)} size={40} />
          {online ? (
            <span
              role="img"
              aria-label="Online"
              title="Online"
              className="absolute right-0 bottom-0 h-3 w-3 rounded-full bg-success ring-2 ring-surface"
            />
          ) : null}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-fg">
            {otherUser ? (
              <Link to={`/u/${otherUser.username}`} className="hover:underline">
                {otherName}
              </Link>
            ) : (
              otherName
            )}
          </h2>
          <p className="truncate text-xs text-muted" aria-live="polite">
            {typing ? (
              <span className="text-accent">typing…</span>
            ) : otherUser ? (
              `@${otherUser.username}`
            ) : (
              ''
            )}
          </p>
        </div>
        <Menu
          label="Conversation options"
          trigger={
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-surface-2">
              <MoreIcon size={18} />
            </span>
          }
          items={[
            ...(otherUser && isCreatorUser(me)
              ? [
                  {
                    label: 'Private notes',
                    icon: <FileIcon size={16} />,
                    onSelect: () => setNotesOpen(true),
                  },
                ]
              : []),
            ...(otherUser
              ? [
                  {
                    label: 'View profile',
                    icon: <UserIcon size={16} />,
                    to: `/u/${otherUser.username}`,
                  },
                ]
              : []),
            {
              label: 'Hide conversation',
              icon: <TrashIcon size={16} />,
              tone: 'danger' as const,
              onSelect: () => {
                void api
                  .hideChat(chatId)
                  .then(() => {
                    void client.invalidateQueries({ queryKey: ['chats'] });
                    onBack?.();
                  })
                  .catch(() => undefined);
              },
            },
          ]}
        />
      </header>
      {body}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {typing ? (
        <p className="px-4 pb-1 text-xs text-muted" aria-hidden="true">
          {otherName} is typing…
        </p>
      ) : null}
      {otherUser && relationState(me, otherUser).blocked ? (
        // the server refuses sends to an account the viewer blocked (403 USER_BLOCKED)
        <div
          role="status"
          className="flex items-center justify-between gap-3 border-t border-line bg-surface px-4 py-3 text-sm text-muted"
        >
          <span>You blocked this account.</span>
          <Button
            size="sm"
            variant="secondary"
            loading={relation.isPending}
            onClick={() =>
              relation.mutate(
                { action: 'unblock', user: otherUser },
                // the chat's canReply counted the block: ask again
                { onSuccess: () => void client.invalidateQueries({ queryKey: chatKeys.all }) },
              )
            }
          >
            Unblock
          </Button>
        </div>
      ) : refusedChat === chatId || !chat.canReply ? (
        <p role="status" className="border-t border-line bg-surface px-4 py-3 text-sm text-muted">
          You can't reply to this conversation.
        </p>
      ) : (
        <Composer
          disabled={blocked}
          isCreator={isCreatorUser(me)}
          otherIsCreator={isCreatorUser(otherUser)}
          otherName={otherName}
          quoted={quoted}
          onClearQuote={() => setQuoted(null)}
          onSend={send}
          onTyping={() => sendTyping(chatId)}
        />
      )}
      <ReportDialog message={reporting} onClose={() => setReporting(null)} />
      {otherUser && isCreatorUser(me) ? (
        <Dialog
          open={notesOpen}
          onClose={() => setNotesOpen(false)}
          title={`Notes about ${otherName}`}
        >
          <CreatorNotesPanel userId={otherUser.id} />
        </Dialog>
      ) : null}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this message?"
        description={`It shows as ${DELETED_TEXT} for everyone in this chat. This cannot be undone.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const target = deleting;
                setDeleting(null);
                if (target)
                  void useMessageStore
                    .getState()
                    .remove(chatId, target.id)
                    // a server refusal was toasted by the chat client; a local one is said here
                    .catch((error: unknown) => {
                      if (!isApiError(error) && error instanceof Error) toast.error(error.message);
                    });
              }}
            >
              Delete
            </Button>
          </>
        }
      />
    </section>
  );
}
