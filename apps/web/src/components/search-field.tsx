import { useId, type InputHTMLAttributes } from 'react';
import { IconSearch } from './icons';

interface SearchFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className' | 'onChange'> {
  /** The field's accessible name (the placeholder is not one). */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A rounded search input with its icon and a visually hidden label (sticky under the top bar). */
export function SearchField({ label, value, onChange, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <IconSearch size={20} className="search-box__icon" />
      <input
        id={id}
        type="search"
        className="search-box__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        {...input}
      />
    </div>
  );
}
