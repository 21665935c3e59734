import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CompassIcon, MessageIcon, SearchIcon } from '../../../ui/icons.tsx';

export function MessagesPage() {
  useDocumentTitle('Messages');
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 lg:h-[calc(100dvh-8rem)] lg:grid-cols-[340px_minmax(0,1fr)]">
      <section aria-labelledby="messages-heading" className="flex min-h-0 flex-col">
        <h1
          id="messages-heading"
          className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl"
        >
          Messages
        </h1>
        <label className="relative mt-4 block">
          <span className="sr-only">Search conversations</span>
          <SearchIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-subtle"
          />
          <input
            type="search"
            placeholder="Search conversations"
            className="h-11 w-full rounded-2xl border border-line bg-surface pr-4 pl-10 text-sm text-fg placeholder:text-subtle outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
          />
        </label>
        <EmptyState
          className="mt-4 flex-1 justify-center"
          icon={<MessageIcon size={26} />}
          title="No conversations yet"
          description="When you message a creator or a fan writes to you, the conversation shows up here."
          action={
            <ButtonLink to="/discover" variant="secondary" icon={<CompassIcon size={18} />}>
              Find someone to message
            </ButtonLink>
          }
        />
      </section>
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
    </div>
  );
}
