import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

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
  /** `scroll`: one row that scrolls sideways (many tabs); `fill`: equal widths. */
  variant?: 'scroll' | 'fill';
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
  const { listRef, more, update } = useScrollHints(variant === 'scroll');
  // A selected tab beyond the edge of a scrolling list (opened from a link) is brought into view.
  useEffect(() => {
    if (variant === 'scroll') refs.current.get(value)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value, variant]);
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
  const list = (
    <div
      ref={listRef}
      className={`tab-list tab-list--${variant}`}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      onScroll={update}
    >
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
  if (variant !== 'scroll') return list;
  // Tabs beyond an edge: a fade with an arrow on that side says the row scrolls (issue 13 item 12).
  return (
    <div className="tab-list-scroller" data-more-start={more.start || undefined} data-more-end={more.end || undefined}>
      {list}
      {more.start ? (
        <span
          className="tab-list-scroller__hint tab-list-scroller__hint--start"
          aria-hidden="true"
          data-testid="tabs-more-start"
        >
          ‹
        </span>
      ) : null}
      {more.end ? (
        <span
          className="tab-list-scroller__hint tab-list-scroller__hint--end"
          aria-hidden="true"
          data-testid="tabs-more-end"
        >
          ›
        </span>
      ) : null}
    </div>
  );
}

/** Whether a scrolling row has content hidden beyond its start or end edge, kept current on scroll and resize. */
function useScrollHints(enabled: boolean) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const update = useCallback(() => {
    const el = listRef.current;
    if (!el || !enabled) return;
    // Logical edges: scrollLeft is negative in right-to-left layouts.
    const left = Math.abs(el.scrollLeft);
    const start = left > 1;
    const end = left + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, [enabled]);
  useEffect(() => {
    const el = listRef.current;
    if (!el || !enabled) return undefined;
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, update]);
  return { listRef, more, update };
}

/** Props of the panel a TabList controls. */
export function tabPanelProps(idPrefix: string, value: string) {
  return { id: `${idPrefix}-panel`, role: 'tabpanel', 'aria-labelledby': `${idPrefix}-tab-${value}` } as const;
}
