/** Invite a creator to one of your posts with a revenue split (the post menu's "Invite collaborator"). */
import { CollaborationLimits } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { fetchUserByUsername } from '../profile/profile-api.ts';
import { useInviteCollaborator } from './queries.ts';

/** A whole percent within the allowed split, or the problem to show. */
export function splitProblem(raw: string): string | null {
  const value = Number(raw);
  if (
    !/^\d+$/.test(raw.trim()) ||
    value < CollaborationLimits.splitMin ||
    value > CollaborationLimits.splitMax
  )
    return `Choose a whole percent from ${CollaborationLimits.splitMin} to ${CollaborationLimits.splitMax}.`;
  return null;
}

export function InviteCollaboratorDialog({
  postId,
  open,
  onClose,
}: {
  postId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [username, setUsername] = useState('');
  const [split, setSplit] = useState('20');
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const invite = useInviteCollaborator();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    const problem = name === '' ? 'Enter the creator’s username.' : splitProblem(split);
    setError(problem);
    if (problem) return;
    setLooking(true);
    try {
      const user = await fetchUserByUsername(name);
      invite.mutate(
        { postId, collaboratorId: user.id, splitPercent: Number(split) },
        { onSuccess: onClose },
      );
    } catch (err) {
      setError(errorMessageOf(err, 'No creator with that username.'));
    } finally {
      setLooking(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Invite a collaborator"
      description="Once they accept, their share of this post’s unlocks and tips goes to them."
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <TextField
          label="Creator username"
          value={username}
          autoComplete="off"
          placeholder="@username"
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Their share of your earnings (%)"
          type="number"
          min={CollaborationLimits.splitMin}
          max={CollaborationLimits.splitMax}
          value={split}
          hint="Rounded down to the cent; the remainder stays with you."
          onChange={(e) => setSplit(e.target.value)}
        />
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={looking || invite.isPending}>
            Send invite
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
