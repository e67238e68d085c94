import { ASSETS, formatAmount, type AccountListResult } from '@app/contract';
import { WALLETS, frozenOf, type Mode } from '../ledger';
import { successBody } from '../../plugins/envelope';

/** One balance of the answer: an account (kind and asset) and the decimals it is shown with. */
interface Slot {
  key: string;
  scale: number;
  zero: string;
}

const slotKey = (kind: string, asset: string) => `${kind}\u0000${asset}`;

/** A user's balances in one mode, as read from the ledger: kind, asset and exact minor units. */
export type BalanceRows = readonly { kind: string; asset: string; balance: bigint }[];

/**
 * The `account/list` answer as its JSON text (issue 14): everything but the balances is the same
 * for every user of a mode (the wallets, the coins, the envelope), so that text is built once per
 * mode with the route's own serialiser, around a marker for each balance, and a request only
 * fills in the balances it read. Nothing is cached about a user: the balances are read on every
 * request. The bytes are those `reply.ok(list)` sent (account-list.test.ts compares them).
 */
export class AccountListText {
  private readonly templates = new Map<Mode, { parts: string[]; slots: Slot[] }>();

  /** The answer's structure with every balance in its place, each given by `balance(kind, asset, scale)`. */
  static result<T extends string>(mode: Mode, balance: (kind: string, asset: string, scale: number) => T): AccountListResult {
    return {
      typeUser: mode,
      wallets: WALLETS.map((wallet) => ({
        wallet,
        balances: ASSETS.map((a) => ({ asset: a.symbol, available: balance(wallet, a.symbol, a.scale), frozen: balance(frozenOf(wallet), a.symbol, a.scale) })),
      })),
    };
  }

  /** The answer for these balances; `serialize` is the route's serialiser (used once per mode). */
  text(mode: Mode, rows: BalanceRows, serialize: (body: unknown) => string): string {
    const { parts, slots } = this.template(mode, serialize);
    const balances = new Map<string, bigint>();
    for (const r of rows) balances.set(slotKey(r.kind, r.asset), r.balance);
    let out = parts[0]!;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      const minor = balances.get(s.key);
      out += (minor === undefined || minor === 0n ? s.zero : formatAmount(minor, s.scale)) + parts[i + 1]!;
    }
    return out;
  }

  private template(mode: Mode, serialize: (body: unknown) => string) {
    let t = this.templates.get(mode);
    if (t) return t;
    // A marker per balance: `~<n>~` passes any JSON serialiser unchanged and appears nowhere else.
    const slots: Slot[] = [];
    const text = serialize(successBody(AccountListText.result(mode, (kind, asset, scale) => {
      slots.push({ key: slotKey(kind, asset), scale, zero: formatAmount(0n, scale) });
      return `~${slots.length - 1}~`;
    })));
    const pieces = text.split(/~(\d+)~/);
    const parts: string[] = [];
    for (let i = 0; i < pieces.length; i += 2) {
      parts.push(pieces[i]!);
      // The markers must come back in order, each once: else the serialiser changed the answer's shape.
      if (i + 1 < pieces.length && Number(pieces[i + 1]) !== i / 2) throw new Error('account/list template: balances out of order');
    }
    if (parts.length !== slots.length + 1) throw new Error('account/list template: a balance is missing');
    t = { parts, slots };
    this.templates.set(mode, t);
    return t;
  }
}
