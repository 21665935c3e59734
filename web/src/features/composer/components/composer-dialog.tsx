/** The composer as a dialog, opened from the top bar's "Create" or the feed prompt. */
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useComposerModal } from '../store.ts';
import { ComposerForm } from './composer-form.tsx';

export function ComposerDialog() {
  const open = useComposerModal((s) => s.open);
  const close = useComposerModal((s) => s.close);
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={close} title="New post" className="sm:max-w-2xl!">
      <ComposerForm
        autoFocus
        onPublished={(post) => {
          close();
          navigate(`/p/${encodeURIComponent(post.id)}`);
        }}
        onScheduled={() => {
          close();
          navigate('/scheduler?view=queue');
        }}
        secondaryAction={
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        }
      />
    </Dialog>
  );
}
