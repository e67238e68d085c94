import { useTranslation } from 'react-i18next';
import { SORT_KEYS, nextSort, type TickerSort } from '../model/sort-tickers';

interface SortBarProps {
  value: TickerSort | null;
  onChange: (sort: TickerSort) => void;
}

/** Sort by name, 24 h change or volume; the active key shows its direction. */
export function SortBar({ value, onChange }: SortBarProps) {
  const { t } = useTranslation();
  return (
    <div className="sort-bar" role="group" aria-labelledby="sort-bar-label">
      <span id="sort-bar-label" className="sort-bar__label">
        {t('market.sortBy')}
      </span>
      {SORT_KEYS.map((key) => {
        const active = value?.key === key;
        return (
          <button
            key={key}
            type="button"
            className="sort-bar__button"
            aria-pressed={active}
            onClick={() => onChange(nextSort(value, key))}
          >
            {t(`market.sort.${key}`)}
            {active ? (
              <>
                <span className="visually-hidden">, {t(`market.order.${value.order}`)}</span>
                <span aria-hidden="true">{value.order === 'asc' ? '↑' : '↓'}</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
