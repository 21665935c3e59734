import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('danger-ghost buttons', () => {
  it('use the danger text colour, a tinted hover and focus, and a visible danger focus ring', () => {
    render(<Button variant="danger-ghost">Delete</Button>);
    const classes = screen.getByRole('button', { name: 'Delete' }).className.split(' ');
    expect(classes).toEqual(
      expect.arrayContaining([
        'text-danger-text',
        'hover:bg-danger-soft',
        'focus-visible:bg-danger-soft',
        'focus-visible:outline-2',
        'focus-visible:outline-danger-text',
      ]),
    );
  });
});
