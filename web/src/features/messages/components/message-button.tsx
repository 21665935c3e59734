/** "Message" on a profile: opens the 1:1 chat (POST /chats {recipientId}) and goes there. */
import type { PublicUser } from '@fanspace/contracts';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { MessageIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useOpenChatMutation } from '../queries.ts';

export function MessageButton({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const open = useOpenChatMutation();
  if (!meId || meId === user.id) return null;
  return (
    <Button
      variant="secondary"
      aria-label={`Message @${user.username}`}
      icon={<MessageIcon size={16} />}
      loading={open.isPending}
      onClick={() =>
        open.mutate(user.id, { onSuccess: ({ chat }) => void navigate(`/messages/${chat.id}`) })
      }
    >
      <span className="sr-only sm:not-sr-only">Message</span>
    </Button>
  );
}
