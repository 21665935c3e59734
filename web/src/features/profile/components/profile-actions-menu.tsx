import type { PublicUser } from '@fanspace/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { BanIcon, EyeSlashIcon, FlagIcon, MoreIcon } from '../../../ui/icons.tsx';
import { Menu, type MenuItem } from '../../../ui/menu.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { ReportDialog } from '../../reports/report-dialog.tsx';
import { relationState, useRelationMutation } from '../queries.ts';

/**
 * Block/unblock, restrict/unrestrict and report for another account. Each toggles by the account's
 * current membership in the caller's blocked and restricted lists (spec §4 Restrict).
 */
export function ProfileActionsMenu({ user }: { user: PublicUser }) {
  const me = useAuthStore((s) => s.user);
  const relation = useRelationMutation();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { blocked, restricted } = relationState(me, user);

  const items: MenuItem[] = [
    {
      label: restricted ? 'Unrestrict' : 'Restrict',
      icon: <EyeSlashIcon size={18} />,
      onSelect: () => relation.mutate({ action: restricted ? 'unrestrict' : 'restrict', user }),
    },
    {
      label: blocked ? 'Unblock' : 'Block',
      icon: <BanIcon size={18} />,
      tone: 'danger',
      onSelect: () =>
        blocked ? relation.mutate({ action: 'unblock', user }) : setConfirmBlock(true),
    },
    {
      label: 'Report',
      icon: <FlagIcon size={18} />,
      tone: 'danger',
      onSelect: () => setReporting(true),
    },
  ];

  return (
    <>
      <Menu
        label={`More options for @${user.username}`}
        trigger={
          <span className="flex h-10 w-10 items-center justify-center rounded-full border border-line text-fg hover:bg-surface-2">
            <MoreIcon size={20} />
          </span>
        }
        items={items}
      />
      <ReportDialog
        type="user"
        targetId={user.id}
        subject={`@${user.username}`}
        open={reporting}
        onClose={() => setReporting(false)}
      />
      <Dialog
        open={confirmBlock}
        onClose={() => setConfirmBlock(false)}
        title={`Block @${user.username}?`}
        description="They will not be able to find your profile, see your posts or message you, and any follows between you end. They are not told that you blocked them."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmBlock(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmBlock(false);
                relation.mutate({ action: 'block', user });
              }}
            >
              Block
            </Button>
          </>
        }
      />
    </>
  );
}
