/**
 * Messages: the chat list and the open conversation side by side on laptops, one at a time on
 * phones (/messages shows the list, /messages/{chatId} the conversation).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cn } from '../../../ui/cn.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ArrowLeftIcon, MessageIcon, UsersIcon } from '../../../ui/icons.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { MassMessageDialog } from '../components/mass-message-dialog.tsx';
import { ChatList } from '../components/chat-list.tsx';
import { Conversation } from '../components/conversation.tsx';
import { chatFromLists, isMissingChatError, useChatQuery } from '../queries.ts';

/** Fills the viewport under the top bar (and above the phone tab bar). */
const PANE_HEIGHT =
  'h-[calc(100dvh-10.5rem-env(safe-area-inset-bottom))] md:h-[calc(100dvh-8.5rem)] lg:h-[calc(100dvh-9rem)]';

function OpenConversation({ chatId }: { chatId: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const chat = useChatQuery(chatId, chatFromLists(client, chatId));
  if (chat.data) {
    return (
      <Conversation key={chat.data.id} chat={chat.data} onBack={() => void navigate('/messages')} />
    );
  }
  if (chat.isError && isMissingChatError(chat.error)) {
    return (
      <div className="flex h-full items-center justify-center rounded-3xl border border-line bg-surface p-6">
        <EmptyState
          className="border-0"
          icon={<MessageIcon size={26} />}
          title="Conversation not found"
          description="It may have been deleted, or it is not one of your conversations."
          action={
            <ButtonLink to="/messages" variant="secondary" icon={<ArrowLeftIcon size={16} />}>
              Back to messages
            </ButtonLink>
          }
        />
      </div>
    );
  }
  if (chat.isError) {
    return (
      <div className="flex h-full items-center justify-center rounded-3xl border border-line bg-surface p-6">
        <ErrorState
          title="This conversation is not available"
          onRetry={() => void chat.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="flex h-full items-center justify-center rounded-3xl border border-line bg-surface">
      <Spinner label="Loading conversation" />
    </div>
  );
}

export function MessagesPage() {
  const { chatId } = useParams();
  const viewerId = useAuthStore((s) => s.user?.id ?? null);
  const creator = useAuthStore((s) => isCreatorUser(s.user));
  const [massOpen, setMassOpen] = useState(false);
  useDocumentTitle('Messages');

  return (
    <div
      className={cn(
        'mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[340px_minmax(0,1fr)]',
        PANE_HEIGHT,
      )}
    >
      <section
        aria-labelledby="messages-heading"
        className={cn('min-h-0 flex-col', chatId ? 'hidden lg:flex' : 'flex')}
      >
        <div className="flex items-center justify-between gap-3">
          <h1
            id="messages-heading"
            className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl"
          >
            Messages
          </h1>
          {creator ? (
            <Button
              size="sm"
              variant="secondary"
              icon={<UsersIcon size={16} />}
              onClick={() => setMassOpen(true)}
            >
              Message many
            </Button>
          ) : null}
        </div>
        <ChatList activeChatId={chatId} viewerId={viewerId} />
      </section>
      {chatId ? (
        <div className="min-h-0 min-w-0">
          <OpenConversation chatId={chatId} />
        </div>
      ) : (
        <section
          aria-label="Conversation"
          className="hidden flex-col items-center justify-center rounded-3xl border border-line bg-surface text-center lg:flex"
        >
          <MessageIcon size={40} className="text-subtle" />
          <p className="mt-4 font-semibold text-fg">Select a conversation</p>
          <p className="mt-1 max-w-xs text-sm text-muted">
            Messages, tips and unlockable media all live in your conversations.
          </p>
        </section>
      )}
      {creator ? <MassMessageDialog open={massOpen} onClose={() => setMassOpen(false)} /> : null}
    </div>
  );
}
