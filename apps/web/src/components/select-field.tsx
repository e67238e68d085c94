import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** Options with a group are shown under its label (an optgroup); consecutive ones share it. */
  group?: string;
}

/** The options in runs: ungrouped ones alone, consecutive options of one group together. */
function runsOf(options: readonly SelectOption[]): { group: string | undefined; options: SelectOption[] }[] {
  const runs: { group: string | undefined; options: SelectOption[] }[] = [];
  for (const o of options) {
    const last = runs.at(-1);
    if (last && o.group !== undefined && last.group === o.group) last.options.push(o);
    else runs.push({ group: o.group, options: [o] });
  }
  return runs;
}

function Option({ option }: { option: SelectOption }) {
  return <option value={option.value}>{option.label}</option>;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** Shown under the field and announced with it (aria-describedby). */
  error?: string | undefined;
}

/** A labelled native select with its error wired for assistive technology (the twin of TextField). */
export function SelectField({ label, value, options, onChange, error }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <select
          id={id}
          className="field__input field__select"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          {runsOf(options).map((run, i) =>
            run.group === undefined ? (
              run.options.map((o) => <Option key={o.value} option={o} />)
            ) : (
              <optgroup key={`${i}:${run.group}`} label={run.group}>
                {run.options.map((o) => (
                  <Option key={o.value} option={o} />
                ))}
              </optgroup>
            ),
          )}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
