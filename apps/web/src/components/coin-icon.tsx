/**
 * Coins whose mark is near-black: under 2:1 against every surface of the dark theme, where it would
 * vanish. There they get a light ring (styles/components.css); coin-icon.test.ts measures every
 * icon in public/coins against the theme's surfaces and keeps this list whole.
 */
export const DARK_MARK_COINS: ReadonlySet<string> = new Set(['BTM', 'EOS', 'HT', 'OMG', 'XRP', 'ZRX']);

/** A coin's icon (served at /coins/<symbol>.svg); decorative, the symbol is always shown beside it. */
export function CoinIcon({ symbol, icon, size = 28 }: { symbol: string; icon?: string | undefined; size?: number }) {
  return (
    <img
      className={DARK_MARK_COINS.has(symbol.toUpperCase()) ? 'coin-icon coin-icon--dark-mark' : 'coin-icon'}
      src={icon || `/coins/${symbol.toLowerCase()}.svg`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
