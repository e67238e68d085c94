import type { PriceDirection } from '../../../lib/market';

/**
 * A live figure that flashes green or red when it changes: the element is keyed by its value, so
 * a new value restarts a background animation (no size change, no layout shift; the text is
 * tabular, so the width of the digits does not move either). Reduced motion: no flash.
 */
export function FlashPrice({
  value,
  direction,
  testId,
}: {
  value: string;
  direction: PriceDirection;
  testId?: string;
}) {
  return (
    <span
      key={value}
      className={`mono dash-flash${direction ? ` dash-flash--${direction}` : ''}`}
      data-testid={testId}
      data-direction={direction ?? undefined}
    >
      {value}
    </span>
  );
}
