import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useUiSettings } from '../store.ts';
import { UiSettingsPanel } from './ui-settings-panel.tsx';

export function UiSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const reset = useUiSettings((s) => s.reset);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Display settings"
      description="Saved on this device."
      footer={
        <>
          <Button variant="ghost" onClick={reset}>
            Reset
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <UiSettingsPanel />
    </Dialog>
  );
}
