/**
 * zustand's `create`, with one difference: the hook's server snapshot is the store's current
 * state, not the state it was created with. React reads the server snapshot while it renders on
 * the server and while it hydrates that HTML in the browser; with zustand's own hook both would
 * render every store's initial state (no session yet: "Checking your session…") instead of the
 * page. The server sets the stores for the one page it renders (web/src/entry-server.tsx) and the
 * browser hydrates once its stores hold the same session (main.tsx), so both render the page.
 * Everything else – the store API, selectors, middleware such as `persist` – is zustand's.
 */
import { useDebugValue, useSyncExternalStore } from 'react';
import {
  createStore,
  type Mutate,
  type StateCreator,
  type StoreApi,
  type StoreMutatorIdentifier,
} from 'zustand/vanilla';

export interface BoundStore<S> {
  (): S;
  <U>(selector: (state: S) => U): U;
}

const identity = <T>(value: T): T => value;

export function create<T>() {
  return <Mos extends [StoreMutatorIdentifier, unknown][] = []>(
    initializer: StateCreator<T, [], Mos>,
  ): BoundStore<T> & Mutate<StoreApi<T>, Mos> => {
    const api = createStore<T>()(initializer);
    function useBoundStore<U>(selector: (state: T) => U = identity as (state: T) => U): U {
      const read = () => selector(api.getState());
      const slice = useSyncExternalStore(api.subscribe, read, read);
      useDebugValue(slice);
      return slice;
    }
    return Object.assign(useBoundStore as BoundStore<T>, api);
  };
}
