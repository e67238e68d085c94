import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface TabListProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab ids; the panel is `${idPrefix}-panel` (see tabPanelProps). */
  idPrefix: string;
  items: ReadonlyArray<TabItem<K>>;
  value: K;
  onChange: (key: K) => void;
  /**
   * `fill`: one row of equal widths. `wrap`: many tabs (the market groups) on as many rows as their
   * words need, each row filled: every tab stays in view, none is cut or hidden behind a scroll hint
   * (issue 34; a scrolling row hid two of six groups on a phone and Favourites in the desktop panel).
   */
  variant?: 'wrap' | 'fill';
}

/** Tabs over one panel (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function TabList<K extends string>({
  label,
  idPrefix,
  items,
  value,
  onChange,
  variant = 'fill',
}: TabListProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.key === value);
    const last = items.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    if (!next) return;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className={`tab-list tab-list--${variant}`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.key}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className={`tab-list__tab${selected ? ' is-active' : ''}`}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props of the panel a TabList controls. */
export function tabPanelProps(idPrefix: string, value: string) {
  return { id: `${idPrefix}-panel`, role: 'tabpanel', 'aria-labelledby': `${idPrefix}-tab-${value}` } as const;
}
