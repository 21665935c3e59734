/** Resolves in a task of its own, after what is queued: the browser can paint and respond. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
