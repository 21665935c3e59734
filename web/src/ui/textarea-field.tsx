import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}

/** Multi-line counterpart of TextField: label, hint or error tied with aria-describedby. */
export function TextareaField({ label, hint, error, className, id, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'min-h-28 w-full resize-y rounded-xl border bg-surface-2 px-3.5 py-3 text-[0.95rem] text-fg placeholder:text-subtle',
          'transition-colors outline-none focus:border-accent focus:ring-2 focus:ring-accent/30',
          error ? 'border-danger' : 'border-line',
        )}
        {...rest}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
