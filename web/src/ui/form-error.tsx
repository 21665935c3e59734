/** A form-level error, announced when it appears; `id` lets an input point at it. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}

/** A quiet success line under a form ("Saved"), announced politely. */
export function FormSuccess({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success"
    >
      {message}
    </p>
  );
}
