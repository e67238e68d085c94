import { useCallback, useRef, useState, type RefObject } from 'react';
import { hasErrors } from './form-errors';

/**
 * Field errors of a form, shown after a submit attempt. `report` stores them and moves
 * focus to the first invalid field, so keyboard and screen-reader users land on the problem.
 */
export function useFormErrors<K extends string>(): {
  errors: Partial<Record<K, string>>;
  formRef: RefObject<HTMLFormElement | null>;
  report: (errors: Partial<Record<K, string>>) => boolean;
  clear: (field: K) => void;
  edit: <V>(field: K, set: (value: V) => void) => (value: V) => void;
} {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const formRef = useRef<HTMLFormElement | null>(null);

  const report = useCallback((next: Partial<Record<K, string>>) => {
    setErrors(next);
    const invalid = hasErrors(next);
    if (invalid) {
      window.setTimeout(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }, 0);
    }
    return invalid;
  }, []);

  const clear = useCallback((field: K) => {
    setErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  /** An input's change handler: stores the value and clears that field's error. */
  const edit = useCallback(
    <V>(field: K, set: (value: V) => void) =>
      (value: V) => {
        set(value);
        clear(field);
      },
    [clear],
  );

  return { errors, formRef, report, clear, edit };
}
