/**
 * /releases/consent/:token – the page a co-performer opens from the creator's link, with or
 * without an account: it shows who asks and the terms, then takes their ID and signature.
 */
import { Link, useParams } from 'react-router';
import { fullDateTime } from '../../../lib/relative-time.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { BadgeCheckIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { SkipLink } from '../../../ui/skip-link.tsx';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { ReleaseForm } from '../components/release-form.tsx';
import { useConsentQuery, useSignConsentMutation } from '../queries.ts';

function Signed({ name }: { name: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="status">
      <BadgeCheckIcon size={40} className="text-accent-text" />
      <h2 className="text-xl font-bold text-fg">Thank you, {name}</h2>
      <p className="text-muted">
        Your release is signed. The creator has been told; you can close this page.
      </p>
    </div>
  );
}

export function ConsentPage() {
  useDocumentTitle('Model release');
  const { token = '' } = useParams();
  const consent = useConsentQuery(token);
  const sign = useSignConsentMutation(token);

  let body;
  if (consent.isPending) body = <LoadingState label="Loading the release…" />;
  else if (consent.isError)
    body = (
      <ErrorState
        title="This link does not work"
        message={errorMessageOf(
          consent.error,
          'This consent link is invalid or has expired. Ask the creator for a new one.',
        )}
      />
    );
  else if (sign.isSuccess || consent.data.status === 'signed')
    body = <Signed name={consent.data.modelName} />;
  else if (consent.data.status !== 'pending')
    body = <ErrorState title="This release was withdrawn by the creator" />;
  else {
    const view = consent.data;
    body = (
      <>
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">
          Model release for {view.creatorName}
        </h1>
        <p className="mt-1 text-muted">
          @{view.creatorUsername} asks {view.modelName} to sign a release for content you appear in
          together.
          {view.expiresAt ? ` This link expires ${fullDateTime(view.expiresAt)}.` : null}
        </p>
        <section aria-labelledby="terms-heading" className="my-6 rounded-xl bg-surface-2 p-4">
          <h2 id="terms-heading" className="mb-2 text-sm font-semibold text-fg">
            What you agree to
          </h2>
          <p className="text-sm leading-relaxed text-fg">{view.terms}</p>
        </section>
        <ReleaseForm
          initialName={view.modelName}
          withCreatorSignature={false}
          submitLabel="Sign the release"
          pending={sign.isPending}
          serverError={sign.error?.message}
          onSubmit={(model, files) => sign.mutate({ model, files })}
        />
      </>
    );
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <header className="border-b border-line px-4 py-3">
        <Link to="/" className="flex w-fit rounded-xl" aria-label="Fanspace home">
          <Logo />
        </Link>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-2xl px-4 py-8">
        <Card className="p-4 sm:p-8">{body}</Card>
      </main>
    </div>
  );
}
