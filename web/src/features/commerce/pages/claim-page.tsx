import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
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
import { rememberReturnTo } from '../../auth/post-login.ts';
import { useAuthStore } from '../../auth/store.ts';
import { PublicLayout } from '../../community/components/public-layout.tsx';
import { formatPrice } from '../../posts/access.ts';
import { postKeys } from '../../posts/queries.ts';
import { subscriptionKeys } from '../../profile/subscriptions.ts';
import { refreshWallet } from '../../wallet/queries.ts';
import { claimPromotion } from '../api.ts';
import { useClaimQuery, useCommerceMutation } from '../queries.ts';

/** The claim page for visitors: the public frame around the same offer. */
export function PublicClaimPage() {
  return (
    <PublicLayout>
      <ClaimPage />
    </PublicLayout>
  );
}

function offerFacts(p: { expiresAt: string | null; remainingClaims: number | null }) {
  const facts: string[] = [];
  if (p.expiresAt) facts.push(`Ends ${new Date(p.expiresAt).toLocaleDateString()}`);
  if (p.remainingClaims !== null)
    facts.push(p.remainingClaims === 1 ? '1 claim left' : `${p.remainingClaims} claims left`);
  return facts.join(' · ');
}

/**
 * /promotions/claim/:token — what a promotion link offers, and claiming it. Public: a visitor
 * sees the offer and signs up or logs in to claim; they come back with ?claim=1, and a free
 * trial is then claimed at once (a discount, which charges, waits for one more click).
 */
export function ClaimPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const info = useClaimQuery(token);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [key] = useState(() => newIdempotencyKey('claim'));
  const claim = useCommerceMutation(() => claimPromotion(token, key));
  useDocumentTitle('Subscription offer');
  const returning = params.get('claim') === '1';
  const autoClaimed = useRef(false);
  const here = `/promotions/claim/${encodeURIComponent(token)}`;

  function claimNow(creator: { id: string; username: string }) {
    const { username } = creator;
    claim.mutate(undefined, {
      onSuccess: () => {
        // a discount is paid from the wallet
        void refreshWallet(client);
        // the profile it opens shows Subscribed and the subscribers' posts
        void client.invalidateQueries({ queryKey: subscriptionKeys.all });
        void client.invalidateQueries({ queryKey: postKeys.user(creator.id) });
        toast.success(`You are subscribed to @${username}`);
        void navigate(`/u/${encodeURIComponent(username)}`);
      },
    });
  }

  const data = info.data;
  useEffect(() => {
    if (!data || !signedIn || !returning || autoClaimed.current) return;
    if (data.promotion.status !== 'active' || data.promotion.kind !== 'free_trial') return;
    autoClaimed.current = true;
    claimNow(data.creator);
    // claimNow is stable enough for a one-shot effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, signedIn, returning]);

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
      {offerFacts(p) ? (
        <p className="text-sm font-medium text-fg" data-testid="offer-facts">
          {offerFacts(p)}
        </p>
      ) : null}
      {!active ? (
        <p role="status" className="text-sm text-warning">
          This offer is no longer available.
        </p>
      ) : signedIn ? (
        <Button
          icon={<SparklesIcon size={16} />}
          loading={claim.isPending}
          onClick={() => claimNow(creator)}
        >
          {p.kind === 'free_trial'
            ? 'Start free trial'
            : `Subscribe for ${formatPrice(p.promoPrice)}`}
        </Button>
      ) : (
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <ButtonLink
            to={`/signup?next=${encodeURIComponent(`${here}?claim=1`)}`}
            onClick={() => rememberReturnTo(`${here}?claim=1`)}
          >
            Sign up to claim
          </ButtonLink>
          <ButtonLink
            variant="secondary"
            to={`/login?next=${encodeURIComponent(`${here}?claim=1`)}`}
            onClick={() => rememberReturnTo(`${here}?claim=1`)}
          >
            Log in to claim
          </ButtonLink>
        </div>
      )}
      {claim.isError ? (
        <FormError message={errorMessageOf(claim.error, 'Could not claim this offer')} />
      ) : null}
    </div>
  );
}
