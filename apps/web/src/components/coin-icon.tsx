/** A coin's icon (served at /coins/<symbol>.svg); decorative, the symbol is always shown beside it. */
export function CoinIcon({ symbol, icon, size = 28 }: { symbol: string; icon?: string | undefined; size?: number }) {
  return (
    <img
      className="coin-icon"
      src={icon || `/coins/${symbol.toLowerCase()}.svg`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
