/**
 * Two-factor authentication: set up with the QR code (or the key), enable with a code, see the
 * backup codes once, regenerate them, turn 2FA off. Spec §7 /auth/2fa/* and /users/2fa/*.
 */
import { ErrorCodes } from '@fanspace/contracts/errors';
import type { TwoFactorSetupResponse } from '@fanspace/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { copyText } from '../../../lib/clipboard.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { CodeField } from '../../../ui/code-field.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CheckCircleIcon, CopyIcon, ShieldIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { FormFailure } from '../../auth/queries.ts';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useRegenerateBackupCodesMutation,
  useSetupTwoFactorMutation,
  useTwoFactorStatusQuery,
} from '../queries.ts';
import { BackupCodes } from './backup-codes.tsx';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP", easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function SetupStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const enable = useEnableTwoFactorMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    enable.mutate(code, {
      onSuccess: (result) => onEnabled(result.backupCodes),
      onError: () => codeRef.current?.focus(),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-muted">
        <li>Open an authenticator app (1Password, Aegis, Google Authenticator, Authy…).</li>
        <li>Scan the QR code, or type the setup key.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="h-44 w-44 shrink-0 rounded-2xl bg-white p-2"
        />
        <div className="flex w-full min-w-0 flex-col gap-2">
          <span className="text-sm font-medium text-fg" id="two-factor-secret-label">
            Setup key
          </span>
          <code
            aria-labelledby="two-factor-secret-label"
            className="rounded-xl border border-line bg-surface-2 px-3 py-2.5 font-mono text-sm break-all text-fg"
          >
            {groupSecret(setup.secret)}
          </code>
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            icon={<CopyIcon size={16} />}
            onClick={() =>
              void copyText(setup.secret).then((ok) =>
                ok ? toast.success('Setup key copied.') : toast.error('Could not copy the key.'),
              )
            }
          >
            Copy setup key
          </Button>
        </div>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Enable two-factor authentication"
      >
        <CodeField
          ref={codeRef}
          label="6-digit code from your app"
          name="totp"
          value={code}
          onValueChange={setCode}
          placeholder="000000"
          className="max-w-xs [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
          aria-invalid={enable.error ? true : undefined}
          aria-describedby={enable.error ? 'enable-2fa-error' : undefined}
        />
        <FormError id="enable-2fa-error" message={enable.error?.message} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={enable.isPending}>
            Enable two-factor
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** A code confirmation used by "turn off" and by regenerating in an older session. */
function CodeConfirmForm({
  label,
  submitText,
  tone = 'primary',
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitText: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(code);
      }}
      noValidate
      aria-label={submitText}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2/50 p-4"
    >
      <TextField
        label={label}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        className="max-w-xs"
      />
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={tone} loading={pending}>
          {submitText}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSettings() {
  const status = useTwoFactorStatusQuery();
  const setup = useSetupTwoFactorMutation();
  const disable = useDisableTwoFactorMutation();
  const regenerate = useRegenerateBackupCodesMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<'idle' | 'disable' | 'regenerate-code'>('idle');

  if (codes) {
    return (
      <BackupCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setup.reset();
        }}
      />
    );
  }
  if (status.isPending) return <Skeleton className="h-24" />;
  if (status.isError) {
    return (
      <ErrorState
        title="Could not load your two-factor status"
        onRetry={() => void status.refetch()}
      />
    );
  }

  if (!status.data.enabled) {
    if (setup.data) {
      return (
        <SetupStep
          setup={setup.data}
          onEnabled={(backupCodes) => {
            setCodes(backupCodes);
            toast.success('Two-factor authentication is on.');
          }}
          onCancel={() => setup.reset()}
        />
      );
    }
    return (
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm text-muted">
          <ShieldIcon size={18} className="text-subtle" />
          Off. Anyone with your password can log in.
        </p>
        <FormError message={setup.error?.message} />
        <Button className="self-start" loading={setup.isPending} onClick={() => setup.mutate()}>
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  function regenerateCodes(code?: string): void {
    regenerate.mutate(code, {
      onSuccess: (result) => {
        setMode('idle');
        setCodes(result.backupCodes);
      },
      onError: (error) => {
        if (error instanceof FormFailure && error.code === ErrorCodes.TWO_FACTOR_REQUIRED) {
          setMode('regenerate-code');
        }
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge className="bg-success/15 text-success">
          <CheckCircleIcon size={14} /> On
        </Badge>
        <p className="text-sm text-muted">
          {status.data.backupCodesRemaining === 1
            ? '1 backup code left.'
            : `${status.data.backupCodesRemaining} backup codes left.`}
        </p>
      </div>
      {mode === 'disable' ? (
        <CodeConfirmForm
          label="Code from your app or a backup code"
          submitText="Turn off two-factor"
          tone="danger"
          pending={disable.isPending}
          error={disable.error?.message}
          onSubmit={(code) =>
            disable.mutate(code, {
              onSuccess: () => {
                setMode('idle');
                toast.success('Two-factor authentication is off.');
              },
            })
          }
          onCancel={() => {
            setMode('idle');
            disable.reset();
          }}
        />
      ) : mode === 'regenerate-code' ? (
        <CodeConfirmForm
          label="Code from your app"
          submitText="Create new backup codes"
          pending={regenerate.isPending}
          error={
            regenerate.error instanceof FormFailure &&
            regenerate.error.code === ErrorCodes.TWO_FACTOR_REQUIRED
              ? 'For your security, confirm with a code from your app.'
              : regenerate.error?.message
          }
          onSubmit={(code) => regenerateCodes(code)}
          onCancel={() => {
            setMode('idle');
            regenerate.reset();
          }}
        />
      ) : (
        <>
          <FormError
            message={
              regenerate.error instanceof FormFailure &&
              regenerate.error.code === ErrorCodes.TWO_FACTOR_REQUIRED
                ? undefined
                : regenerate.error?.message
            }
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              loading={regenerate.isPending}
              onClick={() => regenerateCodes()}
            >
              Create new backup codes
            </Button>
            <Button variant="outline" onClick={() => setMode('disable')}>
              Turn off two-factor
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
