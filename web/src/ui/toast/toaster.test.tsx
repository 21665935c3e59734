import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  beforeEach(() => useToastStore.getState().clear());

  it('announces errors assertively and others politely, and can dismiss', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Payment failed');
      toast.success('Profile details updated!');
    });
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');
    expect(screen.getByRole('status').textContent).toContain('Profile details updated!');
    const buttons = screen.getAllByRole('button', { name: 'Dismiss notification' });
    await userEvent.click(buttons[0]!);
    expect(screen.queryByText('Payment failed')).toBeNull();
    expect(screen.getByText('Profile details updated!')).toBeTruthy();
  });
});
