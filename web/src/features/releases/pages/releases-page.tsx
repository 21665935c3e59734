/**
 * Model releases (spec §7 Releases): the co-performers a creator has consent from. A release is
 * either signed in person here, or started as an invitation whose consent link the co-performer
 * opens on their own phone. Posts name signed releases in the composer.
 */
import type { ModelRelease } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { copyText } from '../../../lib/clipboard.ts';
import { fullDateTime } from '../../../lib/relative-time.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CopyIcon, FileIcon, LinkIcon, PlusIcon, TrashIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ReleaseForm } from '../components/release-form.tsx';
import {
  useCreateReleaseMutation,
  useInviteReleaseMutation,
  useReleasesQuery,
  useRevokeReleaseMutation,
} from '../queries.ts';

async function copyLink(url: string) {
  if (await copyText(url)) toast.success('Consent link copied');
  else toast.error('Could not copy the link. Select it and copy it by hand.');
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const invite = useInviteReleaseMutation();
  const link = invite.data?.consentUrl;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim()) invite.mutate(name.trim());
  }

  if (link) {
    return (
      <div className="flex flex-col gap-3" role="status">
        <p className="text-sm text-fg">
          Send this link to {invite.data?.release.modelName}. They open it on their own device, add
          their ID and sign. It works once and expires in 14 days.
        </p>
        <input
          readOnly
          value={link}
          aria-label="Consent link"
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-sm text-fg"
        />
        <div className="flex gap-2">
          <Button type="button" icon={<CopyIcon size={16} />} onClick={() => void copyLink(link)}>
            Copy link
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Invite a co-performer">
      <TextField
        label="Co-performer's full legal name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
      />
      <FormError message={invite.error?.message} />
      <Button
        type="submit"
        className="self-start"
        loading={invite.isPending}
        disabled={!name.trim()}
      >
        Create consent link
      </Button>
    </form>
  );
}

function ReleaseCard({ release }: { release: ModelRelease }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeReleaseMutation();
  const photos = [
    ['Front of ID', release.idPhotoFront],
    ['Back of ID', release.idPhotoBack],
    ['Holding ID', release.modelHoldingIdPhoto],
  ] as const;

  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-fg">{release.modelName}</h2>
          <p className="text-sm text-muted">
            {release.status === 'signed' && release.signedAt
              ? `Signed ${fullDateTime(release.signedAt)}`
              : `Invited ${fullDateTime(release.createdAt)}`}
          </p>
        </div>
        <Badge className={release.status === 'signed' ? 'text-emerald-600' : 'text-amber-600'}>
          {release.status === 'signed' ? 'Signed' : 'Waiting for signature'}
        </Badge>
      </div>
      {release.status === 'signed' ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <dt className="text-muted">Date of birth</dt>
          <dd className="text-fg sm:col-span-2">{release.modelDob}</dd>
          <dt className="text-muted">ID</dt>
          <dd className="text-fg sm:col-span-2">
            {release.idType?.replace(/_/g, ' ')} {release.idNumber}
          </dd>
        </dl>
      ) : null}
      {release.status === 'signed' ? (
        <div className="flex flex-wrap gap-2">
          {photos.map(([label, url]) =>
            url ? (
              <a
                key={label}
                href={url}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-lg border border-line"
              >
                <img
                  src={url}
                  alt={`${label} of ${release.modelName}`}
                  loading="lazy"
                  className="h-20 w-28 object-cover"
                />
              </a>
            ) : null,
          )}
          {release.signatureDataUrl ? (
            <img
              src={release.signatureDataUrl}
              alt={`Signature of ${release.modelName}`}
              className="h-20 w-40 rounded-lg border border-line bg-white object-contain"
            />
          ) : null}
        </div>
      ) : release.consentUrl ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">
            Link expires{' '}
            {release.consentExpiresAt ? fullDateTime(release.consentExpiresAt) : 'soon'}
          </span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            icon={<LinkIcon size={14} />}
            onClick={() => void copyLink(release.consentUrl!)}
          >
            Copy consent link
          </Button>
        </div>
      ) : null}
      <Button
        type="button"
        size="sm"
        variant="danger-ghost"
        className="self-start"
        icon={<TrashIcon size={14} />}
        onClick={() => setConfirming(true)}
      >
        Revoke
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title={`Revoke the release for ${release.modelName}?`}
        description="New posts can no longer name it and its consent link stops working. The signed record is kept for legal record-keeping."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(release.id, { onSettled: () => setConfirming(false) })}
            >
              Revoke
            </Button>
          </>
        }
      />
    </Card>
  );
}

export function ReleasesPage() {
  useDocumentTitle('Model releases');
  const user = useAuthStore((s) => s.user);
  const creator = isCreatorUser(user);
  const releases = useReleasesQuery(creator);
  const create = useCreateReleaseMutation();
  const [panel, setPanel] = useState<'none' | 'signed' | 'invite'>('none');

  if (!creator) return <Navigate to="/settings/creator" replace />;

  return (
    <Page
      title="Model releases"
      description="Consent from everyone who appears in your content. Posts can name signed releases."
      actions={
        <>
          <Button
            variant="outline"
            icon={<LinkIcon size={16} />}
            onClick={() => setPanel(panel === 'invite' ? 'none' : 'invite')}
            aria-expanded={panel === 'invite'}
          >
            Invite by link
          </Button>
          <Button
            icon={<PlusIcon size={16} />}
            onClick={() => setPanel(panel === 'signed' ? 'none' : 'signed')}
            aria-expanded={panel === 'signed'}
          >
            Sign in person
          </Button>
        </>
      }
    >
      {panel === 'invite' ? (
        <Card className="mb-6 p-4 sm:p-6">
          <h2 className="mb-4 font-semibold text-fg">Invite a co-performer</h2>
          <InviteForm onDone={() => setPanel('none')} />
        </Card>
      ) : null}
      {panel === 'signed' ? (
        <Card className="mb-6 p-4 sm:p-6">
          <h2 className="mb-4 font-semibold text-fg">Sign a release in person</h2>
          <ReleaseForm
            withCreatorSignature
            submitLabel="Save release"
            pending={create.isPending}
            serverError={create.error?.message}
            onSubmit={(model, files, creatorSignature) =>
              create.mutate(
                { model, files, creatorSignatureDataUrl: creatorSignature ?? '' },
                { onSuccess: () => setPanel('none') },
              )
            }
          />
        </Card>
      ) : null}
      {releases.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading releases">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : releases.isError ? (
        <ErrorState
          title="Could not load your model releases"
          onRetry={() => void releases.refetch()}
        />
      ) : releases.data.length === 0 ? (
        <EmptyState
          icon={<FileIcon size={28} />}
          title="No model releases yet"
          description="Anyone else who appears in your posts needs a signed release. Sign one together now, or send a consent link."
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {releases.data.map((release) => (
            <li key={release.id}>
              <ReleaseCard release={release} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
