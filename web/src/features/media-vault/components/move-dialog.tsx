import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useMoveMediaMutation } from '../queries.ts';
import { FolderSelect } from './folder-select.tsx';
import { plural } from '../../../lib/plural.ts';

export function MoveDialog({
  ids,
  open,
  onClose,
  onMoved,
}: {
  ids: string[];
  open: boolean;
  onClose: () => void;
  onMoved: () => void;
}) {
  const [folderId, setFolderId] = useState('');
  const move = useMoveMediaMutation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Move ${plural(ids.length, 'item')}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { ids, folderId: folderId || null },
                {
                  onSuccess: () => {
                    onMoved();
                    onClose();
                  },
                },
              )
            }
          >
            Move
          </Button>
        </>
      }
    >
      <FolderSelect label="Move to" value={folderId} onChange={setFolderId} />
    </Dialog>
  );
}
