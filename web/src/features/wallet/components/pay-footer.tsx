/**
 * The footer of every pay-from-wallet dialog (unlock, tip, subscribe): Cancel, "Add funds" when
 * the wallet cannot cover the price, and the dialog's own pay button.
 */
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { WalletIcon } from '../../../ui/icons.tsx';

export function PayFooter({
  onCancel,
  noFunds,
  children,
}: {
  onCancel: () => void;
  noFunds: boolean;
  /** the pay button */
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      {noFunds ? (
        <ButtonLink to="/wallet" variant="secondary" icon={<WalletIcon size={16} />}>
          Add funds
        </ButtonLink>
      ) : null}
      {children}
    </>
  );
}
