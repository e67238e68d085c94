import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevronRight } from './icons';

/** A card of rows (profile, settings). Rows are links, buttons, switches or plain values. */
export function MenuList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="menu" aria-label={label}>
      {children}
    </ul>
  );
}

interface RowContent {
  icon?: ReactNode;
  label: string;
  value?: ReactNode;
  hint?: string | undefined;
}

function RowBody({ icon, label, value, hint }: RowContent) {
  return (
    <>
      {icon ? <span className="menu__icon">{icon}</span> : null}
      <span className="menu__text">
        <span className="menu__label">{label}</span>
        {hint ? <span className="menu__hint">{hint}</span> : null}
      </span>
      {value !== undefined ? <span className="menu__value">{value}</span> : null}
    </>
  );
}

export function MenuLink({ to, ...content }: RowContent & { to: string }) {
  return (
    <li>
      <Link className="menu__row menu__row--action" to={to}>
        <RowBody {...content} />
        <IconChevronRight size={18} className="menu__chevron" />
      </Link>
    </li>
  );
}

export function MenuButton({ onClick, danger, ...content }: RowContent & { onClick: () => void; danger?: boolean }) {
  return (
    <li>
      <button
        type="button"
        className={`menu__row menu__row--action${danger ? ' menu__row--danger' : ''}`}
        onClick={onClick}
      >
        <RowBody {...content} />
      </button>
    </li>
  );
}

export function MenuItem({ end, ...content }: RowContent & { end?: ReactNode }) {
  return (
    <li className="menu__row">
      <RowBody {...content} />
      {end}
    </li>
  );
}

/** A row with an on/off switch (role="switch", named by the row's label). */
export function MenuSwitch({
  checked,
  onChange,
  ...content
}: RowContent & { checked: boolean; onChange: (checked: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <li className="menu__row">
      {content.icon ? <span className="menu__icon">{content.icon}</span> : null}
      <span className="menu__text">
        <span className="menu__label" id={labelId}>
          {content.label}
        </span>
        {content.hint ? (
          <span className="menu__hint" id={hintId}>
            {content.hint}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={content.hint ? hintId : undefined}
        className={`switch${checked ? ' is-on' : ''}`}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" />
      </button>
    </li>
  );
}
