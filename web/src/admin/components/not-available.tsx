import { EmptyState } from '../../ui/empty-state.tsx';
import { ClockIcon } from '../../ui/icons.tsx';

/** Honest placeholder for a back-office list whose server route does not exist yet. */
export function NotAvailable({ what, route }: { what: string; route: string }) {
  return (
    <EmptyState
      icon={<ClockIcon size={26} />}
      title={`${what} are not available yet`}
      description={`The server does not offer ${route} yet, so there is nothing to list here. Nothing on this page is made up.`}
    />
  );
}
