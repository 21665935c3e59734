import { useState } from 'react';
import { copyText, downloadText } from '../../../lib/clipboard.ts';
import { Button } from '../../../ui/button.tsx';
import { CopyIcon, DownloadIcon } from '../../../ui/icons.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';

export const BACKUP_CODES_FILE = 'fanspace-backup-codes.txt';

export function backupCodesText(codes: string[]): string {
  return [
    'Fanspace backup codes',
    'Each code works once. Use one when you cannot reach your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The 10 single-use backup codes, shown once right after they are made. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="flex flex-col gap-4" role="region" aria-label="Backup codes">
      <p className="rounded-xl bg-warning/10 px-4 py-3 text-sm text-fg">
        Save these backup codes somewhere safe. Each works once, and this is the only time we show
        them.
      </p>
      <ol className="grid grid-cols-2 gap-2 rounded-2xl border border-line bg-surface-2 p-4 font-mono text-sm text-fg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<CopyIcon size={16} />}
          onClick={() =>
            void copyText(codes.join('\n')).then((ok) => {
              if (ok) {
                setSaved(true);
                toast.success('Backup codes copied.');
              } else toast.error('Copying is blocked here. Download the codes instead.');
            })
          }
        >
          Copy codes
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<DownloadIcon size={16} />}
          onClick={() => {
            downloadText(BACKUP_CODES_FILE, backupCodesText(codes));
            setSaved(true);
          }}
        >
          Download codes
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="h-4 w-4 accent-[var(--fs-accent)]"
        />
        I have saved my backup codes
      </label>
      <Button className="self-start" disabled={!saved} onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
