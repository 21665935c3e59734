import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { create } from './create-store.ts';

interface Counter {
  count: number;
  add(): void;
}

const makeStore = () =>
  create<Counter>()((set) => ({ count: 0, add: () => set((s) => ({ count: s.count + 1 })) }));

describe('create (zustand with the current state as the server snapshot)', () => {
  it('renders the state the store holds now on the server, not the one it was created with', () => {
    const useCounter = makeStore();
    useCounter.getState().add();
    useCounter.getState().add();
    function Count() {
      return <p>{useCounter((s) => s.count)}</p>;
    }
    expect(renderToString(<Count />)).toBe('<p>2</p>');
  });

  it('is zustand’s store otherwise: selectors, updates, the store API', () => {
    const useCounter = makeStore();
    function Count() {
      const count = useCounter((s) => s.count);
      const all = useCounter();
      return (
        <p>
          {count}/{all.count}
        </p>
      );
    }
    render(<Count />);
    expect(screen.getByText('0/0')).toBeTruthy();
    act(() => useCounter.getState().add());
    expect(screen.getByText('1/1')).toBeTruthy();
    act(() => useCounter.setState({ count: 5 }));
    expect(screen.getByText('5/5')).toBeTruthy();
  });
});
