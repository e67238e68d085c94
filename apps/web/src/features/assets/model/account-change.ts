import type { AccountChangeLine } from '@app/contract';
import { isZeroDecimal } from '../../../lib/format';

/**
 * What one statement line did to the user's money, for display (docs/ledger.md "Statement"):
 * money only held (an order placed, a stake, a pending withdrawal) or only released (a cancel)
 * is shown as such, never as income and spending; anything else is the signed change, with a
 * note when held money paid it or was released by it.
 */
export type LineView =
  | { kind: 'held'; amount: string }
  | { kind: 'released'; amount: string }
  | {
      kind: 'change';
      amount: string;
      negative: boolean;
      note: null | { kind: 'fromHeld' } | { kind: 'held' | 'released'; amount: string };
    };

const isNegative = (value: string) => value.trim().startsWith('-') && !isZeroDecimal(value);
const abs = (value: string) => value.trim().replace(/^-/, '');

export function lineView(line: Pick<AccountChangeLine, 'amount' | 'held'>): LineView {
  const heldZero = isZeroDecimal(line.held);
  const heldDown = isNegative(line.held);
  if (isZeroDecimal(line.amount)) {
    if (heldZero) return { kind: 'change', amount: line.amount, negative: false, note: null };
    return heldDown ? { kind: 'released', amount: abs(line.held) } : { kind: 'held', amount: abs(line.held) };
  }
  const negative = isNegative(line.amount);
  let note: Extract<LineView, { kind: 'change' }>['note'] = null;
  if (!heldZero) {
    if (!heldDown) note = { kind: 'held', amount: abs(line.held) };
    else note = negative ? { kind: 'fromHeld' } : { kind: 'released', amount: abs(line.held) };
  }
  return { kind: 'change', amount: line.amount, negative, note };
}
