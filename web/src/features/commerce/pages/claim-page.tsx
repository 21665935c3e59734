import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessageOf, isApiError } from '../../../lib/api/index.ts';
import { newIdempotencyKey } from '../../../lib/money.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { SparklesIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useAuthStore } from '../../auth/store.ts';
import { formatPrice } from '../../posts/access.ts';
import { claimPromotion } from '../api.ts';
import { useClaimQuery, useCommerceMutation } from '../queries.ts';

/** /promotions/claim/:token — what a promotion link offers, and claiming it. */
export function ClaimPage() {
  const { token = '' } = useParams();
  const info = useClaimQuery(token);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const [key] = useState(() => newIdempotencyKey('claim'));
  const claim = useCommerceMutation(() => claimPromotion(token, key));
  useDocumentTitle('Subscription offer');

  if (info.isPending) return <LoadingState label="Loading offer…" />;
  if (info.isError)
    return isApiError(info.error) && info.error.status === 404 ? (
      <EmptyState
        title="This offer does not exist"
        description="The link may be mistyped or the offer removed."
        action={<ButtonLink to="/discover">Find creators</ButtonLink>}
      />
    ) : (
      <ErrorState title="Could not load this offer" onRetry={() => void info.refetch()} />
    );
  const { promotion: p, creator } = info.data;
  const name = creator.displayName ?? creator.username;
  const active = p.status === 'active';
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-6 text-center">
      <Avatar name={name} src={creator.avatarUrl} size={72} />
      <h1 className="font-display text-2xl font-extrabold text-fg">{p.title}</h1>
      <p className="text-muted">
        Subscribe to{' '}
        <Link
          className="font-semibold text-accent-text"
          to={`/u/${encodeURIComponent(creator.username)}`}
        >
          {name}
        </Link>{' '}
        {p.kind === 'free_trial'
          ? `free for ${p.trialDays} days, then ${formatPrice(p.price)} every 30 days.`
          : `for ${formatPrice(p.promoPrice)} for the first 30 days, then ${formatPrice(p.price)}.`}{' '}
        Cancel any time.
      </p>
      {!active ? (
        <p role="status" className="text-sm text-warning">
          This offer is no longer available.
        </p>
      ) : signedIn ? (
        <Button
          icon={<SparklesIcon size={16} />}
          loading={claim.isPending}
          onClick={() =>
            claim.mutate(undefined, {
              onSuccess: () => {
                toast.success(`You are subscribed to @${creator.username}`);
                void navigate(`/u/${encodeURIComponent(creator.username)}`);
              },
            })
          }
        >
          {p.kind === 'free_trial'
            ? 'Start free trial'
            : `Subscribe for ${formatPrice(p.promoPrice)}`}
        </Button>
      ) : (
        <ButtonLink to={`/login?next=${encodeURIComponent(`/promotions/claim/${token}`)}`}>
          Log in to claim
        </ButtonLink>
      )}
      {claim.isError ? (
        <FormError message={errorMessageOf(claim.error, 'Could not claim this offer')} />
      ) : null}
    </div>
  );
}
