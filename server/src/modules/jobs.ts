import type { AppContext } from '../platform/context.ts';

/** Every module's background job handlers, registered on the queue at start. */
export function registerJobHandlers(ctx: AppContext) {
  void ctx;
}
