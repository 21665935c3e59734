/** One of my support tickets: the conversation, a reply box and closing it. */
import { SUPPORT_MESSAGES } from '@fanspace/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessageOf, isApiError } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ArrowLeftIcon, LifeBuoyIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { TicketStatusBadge } from '../components/status-badge.tsx';
import { ReplyBox } from '../components/reply-box.tsx';
import { SupportThread } from '../components/support-thread.tsx';
import { CATEGORY_LABELS } from '../labels.ts';
import { useCloseTicket, useMyTicketQuery, useSendMessage } from '../queries.ts';

export function SupportTicketPage() {
  const { ticketId = '' } = useParams();
  const thread = useMyTicketQuery(ticketId);
  const send = useSendMessage(ticketId);
  const close = useCloseTicket(ticketId);
  const [confirmClose, setConfirmClose] = useState(false);
  useDocumentTitle(thread.data ? `Support · ${thread.data.ticket.subject}` : 'Help & support');

  const back = (
    <ButtonLink to="/support" variant="ghost" icon={<ArrowLeftIcon size={18} />}>
      All requests
    </ButtonLink>
  );

  if (thread.isPending)
    return (
      <Page title="Support request" actions={back}>
        <LoadingState label="Loading the conversation…" />
      </Page>
    );
  // an unknown id, someone else's ticket (404) or a mangled link (400): retrying cannot help
  if (thread.isError && isApiError(thread.error) && [400, 404].includes(thread.error.status))
    return (
      <Page title="Support request" actions={back}>
        <EmptyState
          icon={<LifeBuoyIcon size={28} />}
          title="Request not found"
          description="This support request does not exist, or the link is incomplete."
          action={<ButtonLink to="/support">See your requests</ButtonLink>}
        />
      </Page>
    );
  if (thread.isError)
    return (
      <Page title="Support request" actions={back}>
        <ErrorState
          title="Could not load this request"
          message={errorMessageOf(thread.error, 'Check your connection and try again.')}
          onRetry={() => void thread.refetch()}
        />
      </Page>
    );

  const { ticket, messages } = thread.data;
  const closed = ticket.status === 'closed';

  return (
    <Page
      title={ticket.subject}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <TicketStatusBadge status={ticket.status} />
          <span>{CATEGORY_LABELS[ticket.category]}</span>
        </span>
      }
      actions={back}
    >
      <SupportThread messages={messages} perspective="user" />

      {closed ? (
        <Card className="mt-6 p-4 text-sm text-muted" role="status">
          {SUPPORT_MESSAGES.closedRefused}
          {ticket.closeReason ? (
            <span className="mt-1 block">Reason: {ticket.closeReason}</span>
          ) : null}
        </Card>
      ) : (
        <div className="mt-6">
          <ReplyBox
            label="Your reply"
            sendLabel="Send"
            closeLabel="Close request"
            pending={send.isPending}
            onSend={(message) =>
              send.mutateAsync(message).then(
                () => toast.success('Message sent'),
                (error: unknown) => {
                  toast.error(errorMessageOf(error, 'Could not send your message.'));
                  throw error;
                },
              )
            }
            onCloseTicket={() => setConfirmClose(true)}
          />
        </div>
      )}

      <Dialog
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        title="Close this request?"
        description="Close it when your problem is solved. You cannot add messages to a closed request."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmClose(false)}>
              Keep open
            </Button>
            <Button
              loading={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmClose(false);
                    toast.success(SUPPORT_MESSAGES.closed);
                  },
                  onError: (error) =>
                    toast.error(errorMessageOf(error, SUPPORT_MESSAGES.closeFailed)),
                })
              }
            >
              Close request
            </Button>
          </>
        }
      />
    </Page>
  );
}
