import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFavoriteSymbols } from '../lib/api/get-favorites';
import { useSetFavorite } from '../lib/api/set-favorite';
import { loginPathFor } from '../lib/routing/paths';
import { useIsLoggedIn } from '../lib/session/session-store';

interface FavoriteStarProps {
  symbol: string;
  /** The symbol as shown (BTC for BTCUSDT), for the button's name. */
  displaySymbol: string;
}

/** The star, outlined or filled (the trade chart's first view draws it as markup: app/first-view-trade.ts). */
export function StarGlyph({ filled }: { filled: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Adds or removes a favourite (a toggle button). A visitor is sent to log in and comes back
 * here afterwards (docs/product.md §6: favourites need a session).
 */
export function FavoriteStar({ symbol, displaySymbol }: FavoriteStarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const favorites = useFavoriteSymbols();
  const setFavorite = useSetFavorite();
  // While the change is on its way, show where it is going.
  const active = setFavorite.isPending ? setFavorite.variables.favorite : favorites.has(symbol);

  const onClick = () => {
    if (!loggedIn) {
      navigate(loginPathFor(location.pathname + location.search));
      return;
    }
    if (setFavorite.isPending) return;
    setFavorite.mutate({ symbol, favorite: !active });
  };

  return (
    <button
      type="button"
      className={`favorite-star${active ? ' is-active' : ''}`}
      aria-pressed={loggedIn ? active : undefined}
      aria-label={t('market.favoriteOf', { symbol: displaySymbol })}
      onClick={onClick}
    >
      <StarGlyph filled={active} />
    </button>
  );
}
