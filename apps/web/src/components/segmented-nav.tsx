import { Link } from 'react-router';

interface SegmentedNavProps {
  label: string;
  items: ReadonlyArray<{ to: string; label: string; active: boolean }>;
}

/** Two or more sibling pages shown as a segmented switch (phone / e-mail). */
export function SegmentedNav({ label, items }: SegmentedNavProps) {
  return (
    <nav className="segmented" aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          replace
          className={`segmented__item${item.active ? ' is-active' : ''}`}
          aria-current={item.active ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
