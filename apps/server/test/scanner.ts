/** Helpers of the chain scanners' tests (EVM and Bitcoin). */

/**
 * The address lookup a scanner asks (the deposits module's, in the app): `watched` maps our
 * addresses, in the form the scanner asks with, to their owners; `lookups` keeps every question.
 */
export function watchedAddresses<O>() {
  const watched = new Map<string, O>();
  const lookups: string[][] = [];
  const lookup = async (_chain: string, addresses: string[]) => {
    lookups.push(addresses);
    return new Map(addresses.filter((a) => watched.has(a)).map((a) => [a, watched.get(a)!]));
  };
  return { watched, lookups, lookup };
}

/** Waits until `cond` holds (a scanner running on its timer got there), or fails after `ms`. */
export async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
