import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';

/**
 * A file input behind a button-looking label: the input itself keeps the accessible name
 * (`label`), so it works with screen readers and with automation (setInputFiles).
 */
export function FilePickerButton({
  label,
  children,
  icon,
  accept,
  multiple = true,
  disabled,
  onFiles,
  variant = 'primary',
  className,
}: {
  label: string;
  children: ReactNode;
  icon?: ReactNode;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  variant?: ButtonVariant;
  className?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function change(event: ChangeEvent<HTMLInputElement>): void {
    const files = [...(event.target.files ?? [])];
    // Reset so picking the same file again still fires a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  return (
    <label
      htmlFor={id}
      className={cn(
        buttonClasses(variant, 'md'),
        'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
        disabled && 'pointer-events-none opacity-55',
        className,
      )}
    >
      {icon}
      <span aria-hidden="true">{children}</span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        aria-label={label}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={change}
        className="sr-only"
      />
    </label>
  );
}
