import { ASSETS, formatAmount, type AccountListResult } from '@app/contract';
import { WALLETS, frozenOf, type Mode } from '../ledger';
import { successBody } from '../../plugins/envelope';

/** One balance of the answer: an account (kind and asset) and the decimals it is shown with. */
interface Slot {
  key: string;
  scale: number;
  zero: string;
  /** Where its text starts in the answer with every balance zero. */
  at: number;
}

const slotKey = (kind: string, asset: string) => `${kind}\u0000${asset}`;

/** A user's balances in one mode, as read from the ledger: kind, asset and exact minor units. */
export type BalanceRows = readonly { kind: string; asset: string; balance: bigint }[];

/**
 * The `account/list` answer as its JSON text (issue 14): everything but the balances is the same
 * for every user of a mode (the wallets, the coins, the envelope), so that text is built once per
 * mode with the route's own serialiser (a marker in each balance's place, then every balance
 * zero), and a request only puts in the non-zero balances it read. Nothing is cached about a user: the balances are read on every
 * request. The bytes are those `reply.ok(list)` sent (account-list.test.ts compares them).
 */
export class AccountListText {
  private readonly templates = new Map<Mode, { zeroText: string; slots: Slot[]; slotOf: Map<string, number> }>();

  /** The answer's structure with every balance in its place, each given by `balance(kind, asset, scale)`. */
  static result<T extends string>(
    mode: Mode,
    balance: (kind: string, asset: string, scale: number) => T,
  ): AccountListResult {
    return {
      typeUser: mode,
      wallets: WALLETS.map((wallet) => ({
        wallet,
        balances: ASSETS.map((a) => ({
          asset: a.symbol,
          available: balance(wallet, a.symbol, a.scale),
          frozen: balance(frozenOf(wallet), a.symbol, a.scale),
        })),
      })),
    };
  }

  /** The answer for these balances; `serialize` is the route's serialiser (used once per mode). */
  text(mode: Mode, rows: BalanceRows, serialize: (body: unknown) => string): string {
    const { zeroText, slots, slotOf } = this.template(mode, serialize);
    // The answer with every balance zero, and the non-zero ones (a user has a few) put in their places.
    const filled: [Slot, bigint][] = [];
    for (const r of rows) {
      const slot = r.balance === 0n ? undefined : slotOf.get(slotKey(r.kind, r.asset));
      if (slot !== undefined) filled.push([slots[slot]!, r.balance]);
    }
    if (filled.length === 0) return zeroText;
    filled.sort((a, b) => a[0].at - b[0].at);
    let out = '';
    let from = 0;
    for (const [s, minor] of filled) {
      // A user account is one row per kind and coin (ledger_accounts' unique key): never two in one place.
      if (s.at < from) throw new Error('account/list: two balances for one account');
      out += zeroText.slice(from, s.at) + formatAmount(minor, s.scale);
      from = s.at + s.zero.length;
    }
    return out + zeroText.slice(from);
  }

  private template(mode: Mode, serialize: (body: unknown) => string) {
    let t = this.templates.get(mode);
    if (t) return t;
    // A marker per balance: `~<n>~` passes any JSON serialiser unchanged and appears nowhere else.
    const slots: Slot[] = [];
    const text = serialize(
      successBody(
        AccountListText.result(mode, (kind, asset, scale) => {
          slots.push({ key: slotKey(kind, asset), scale, zero: formatAmount(0n, scale), at: 0 });
          return `~${slots.length - 1}~`;
        }),
      ),
    );
    const pieces = text.split(/~(\d+)~/);
    let zeroText = '';
    for (let i = 0; i < pieces.length; i += 2) {
      zeroText += pieces[i]!;
      if (i + 1 === pieces.length) break;
      // The markers must come back in order, each once: else the serialiser changed the answer's shape.
      const slot = slots[i / 2];
      if (!slot || Number(pieces[i + 1]) !== i / 2) throw new Error('account/list template: balances out of order');
      slot.at = zeroText.length;
      zeroText += slot.zero;
    }
    if (pieces.length !== 2 * slots.length + 1) throw new Error('account/list template: a balance is missing');
    t = { zeroText, slots, slotOf: new Map(slots.map((s, i) => [s.key, i])) };
    this.templates.set(mode, t);
    return t;
  }
}
