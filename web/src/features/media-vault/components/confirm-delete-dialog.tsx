import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

export function ConfirmDeleteDialog({
  count,
  loading,
  onCancel,
  onConfirm,
}: {
  count: number;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onCancel}
      role="alertdialog"
      title={`Delete ${count} ${count === 1 ? 'item' : 'items'}?`}
      description="They are removed for good – posts that use them lose these files too."
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" loading={loading} onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    />
  );
}
