import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * One input for a numeric one-time code (not six boxes: one field is what password managers,
 * SMS autofill and screen readers handle best). Non-digits are dropped as the user types.
 */
export function CodeField({
  value,
  onValueChange,
  length = 6,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  length?: number;
}) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${length}}`}
      maxLength={length}
      spellCheck={false}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, length))}
      className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
      {...rest}
    />
  );
}
