import { Link } from 'react-router';
import { Card } from '../../../ui/card.tsx';
import { useDismissOnboardingStep, useOnboardingQuery } from '../queries.ts';

/**
 * "Get started" on the home page: the checklist computed by the server from the account.
 * Hidden while loading, on error and once every step is done or dismissed.
 */
export function OnboardingCard() {
  const checklist = useOnboardingQuery();
  const dismiss = useDismissOnboardingStep();
  // anything but a checklist (an old server, an error page) shows nothing
  if (!Array.isArray(checklist.data?.steps) || checklist.data.finished) return null;
  const { steps, completed, total } = checklist.data;
  const open = steps.filter((s) => !s.done && !s.dismissed);
  return (
    <Card className="mb-6 p-4 sm:p-5">
      <section aria-labelledby="onboarding-title">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="onboarding-title" className="font-semibold text-fg">
            Get started
          </h2>
          <span className="text-sm text-muted">
            {completed} of {total} done
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Getting started progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={completed}
          className="mt-2 h-2 overflow-hidden rounded-full bg-surface-2"
        >
          <div className="h-full bg-accent" style={{ width: `${(completed / total) * 100}%` }} />
        </div>
        <ul className="mt-3 flex flex-col gap-2">
          {open.map((step) => (
            <li
              key={step.id}
              className="flex items-start justify-between gap-3 rounded-xl bg-surface-2 px-3 py-2"
            >
              <Link
                to={step.href}
                className="min-w-0 rounded hover:underline focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
              >
                <span className="block text-sm font-semibold text-fg">{step.title}</span>
                <span className="block text-xs text-muted">{step.description}</span>
              </Link>
              <button
                type="button"
                className="shrink-0 rounded px-1 text-xs text-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
                aria-label={`Hide "${step.title}"`}
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate(step.id)}
              >
                Hide
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
