import type { Market } from '@app/contract';

/** A group of the quote lists: the favourites or one of the five markets. */
export type QuoteGroup = 'favorites' | Market;
/**
 * Favourites, then the markets in MARKETS' order (quote-group.test.ts checks it). Written out: a
 * spread at the top of the module is a side effect to the bundler, which then kept this module on
 * the phone's first route through lib/market's index.
 */
export const QUOTE_GROUPS: readonly QuoteGroup[] = ['favorites', 'FOREX', 'CFD', 'CRYPTO', 'INDIES', 'STOCK'];

/** Where the chosen group is kept for the tab's session (docs/product.md §3 "Product state"). */
const STORAGE_KEY = 'quote.group';

/** The group a text names, or null. */
export function parseQuoteGroup(value: string | null | undefined): QuoteGroup | null {
  return QUOTE_GROUPS.find((group) => group === value) ?? null;
}

/**
 * The group the user chose last in this tab (the phone's quote page and the desktop's markets
 * panel share it, so it also survives a relaunch across the 1000 px layouts), or null.
 */
export function storedQuoteGroup(): QuoteGroup | null {
  try {
    return parseQuoteGroup(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null; // storage blocked: the default group
  }
}

export function storeQuoteGroup(group: QuoteGroup): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, group);
  } catch {
    // storage blocked or full: the choice lasts as long as the page
  }
}
