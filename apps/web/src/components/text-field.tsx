import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced with it (aria-describedby). */
  error?: string | undefined;
  hint?: string | undefined;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** Controls inside the field box, before and after the input (country code, send-code button). */
  start?: ReactNode;
  end?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired for assistive technology. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  optional,
  start,
  end,
  inputRef,
  className,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> ({t('common.optional')})</span> : null}
      </label>
      <div className="field__box">
        {start}
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {end}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
