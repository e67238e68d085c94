import { useId } from 'react';

interface ChoiceChipsProps<V extends string | number> {
  /** The group's accessible name (its legend). */
  legend: string;
  /** Show the legend on screen (otherwise it is for assistive technology only). */
  showLegend?: boolean;
  options: ReadonlyArray<{ value: V; label: string; tone?: 'up' | 'down' }>;
  value: V | null;
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** A row of radio buttons drawn as chips (durations, buy/sell, market/limit). */
export function ChoiceChips<V extends string | number>({
  legend,
  showLegend = false,
  options,
  value,
  onChange,
  disabled,
}: ChoiceChipsProps<V>) {
  const name = useId();
  return (
    <fieldset className="chips" disabled={disabled}>
      <legend className={showLegend ? 'chips__legend' : 'visually-hidden'}>{legend}</legend>
      <div className="chips__row">
        {options.map((o) => {
          const selected = o.value === value;
          return (
            <label
              key={String(o.value)}
              className={`chip${selected ? ' is-selected' : ''}${o.tone ? ` chip--${o.tone}` : ''}`}
            >
              <input
                type="radio"
                className="chip__input"
                name={name}
                value={String(o.value)}
                checked={selected}
                onChange={() => onChange(o.value)}
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
