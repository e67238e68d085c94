import { useRef, type KeyboardEvent } from 'react';

export interface DesktopTab<K extends string> {
  key: K;
  label: string;
}

interface DesktopTabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab ids; the panel takes desktopTabPanel(idPrefix, value). */
  idPrefix: string;
  items: ReadonlyArray<DesktopTab<K>>;
  value: K;
  onChange: (key: K) => void;
}

/**
 * Tabs over one panel for the desktop pages (WAI-ARIA tabs: arrow keys, Home and End), in the
 * look of components/tab-list.tsx. Its own module: the mobile TabList stays in the phone pages'
 * chunks, and the desktop chunks do not pull it out of them (the mobile first route keeps its size).
 */
export function DesktopTabs<K extends string>({ label, idPrefix, items, value, onChange }: DesktopTabsProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.key === value);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    if (!next) return;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className="tab-list tab-list--fill desktop-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
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

/** Props of the panel DesktopTabs controls. */
export function desktopTabPanel(idPrefix: string, value: string) {
  return { id: `${idPrefix}-panel`, role: 'tabpanel', 'aria-labelledby': `${idPrefix}-tab-${value}` } as const;
}
