/**
 * A coin's icon (served at /coins/<symbol>.svg). Decorative by default (the symbol is shown
 * beside it); `alt` names it where a screen wants the image announced.
 */
export function CoinIcon({ symbol, icon, size = 28, alt = '' }: { symbol: string; icon?: string | undefined; size?: number; alt?: string }) {
  return (
    <img
      className="coin-icon"
      src={icon || `/coins/${symbol.toLowerCase()}.svg`}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
