/**
 * Report a post or an account (POST /reports, SPEC §4: a report starts pending and is
 * reviewed by moderators). Failure shows the §8 text 'Failed to submit report'.
 */
import type { ReportResponse, ReportType } from '@fanspace/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiClient } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

export const REPORT_REASONS = [
  'Spam or scam',
  'Harassment or hate',
  'Someone under 18',
  'Content shared without consent',
  'Violence or self-harm',
  'Stolen content (copyright)',
  'Something else',
] as const;

export function ReportDialog({
  type,
  targetId,
  subject,
  open,
  onClose,
}: {
  type: Extract<ReportType, 'post' | 'user' | 'comment'>;
  targetId: string;
  /** what is reported, in words: 'this post', '@maya' */
  subject: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<string>(REPORT_REASONS[0]);
  const [details, setDetails] = useState('');
  const report = useMutation({
    mutationFn: () =>
      apiClient.post<ReportResponse>('/reports', {
        type,
        targetId,
        reason,
        ...(details.trim() ? { details: details.trim() } : {}),
      }),
    onSuccess: () => {
      toast.success('Thanks. Our moderators will review your report.');
      setDetails('');
      onClose();
    },
    onError: () => toast.error('Failed to submit report'),
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Report ${subject}`}
      description="Reports are private: the person you report is not told who reported them."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={report.isPending} onClick={() => report.mutate()}>
            Send report
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-fg">
            What is wrong?
          </label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="h-11 rounded-xl border border-line bg-surface px-3 text-sm text-fg"
          >
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <TextareaField
          label="Details (optional)"
          value={details}
          maxLength={2000}
          rows={3}
          onChange={(e) => setDetails(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
