import { useId } from 'react';
import './choice-chips.css';

export interface ChoiceChip<V extends string> {
  value: V;
  label: string;
  /** Shown dimmed (a choice that can be looked at but not used now, e.g. a paused deposit network). */
  muted?: boolean;
}

/**
 * A labelled group of native radios shown as chips (arrow keys move between them): the deposit and
 * withdrawal pages' network pickers.
 */
export function ChoiceChips<V extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly ChoiceChip<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="choice-chips">
      <legend className="choice-chips__legend">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={`choice-chip${o.value === value ? ' is-active' : ''}${o.muted ? ' is-muted' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
