import { useTranslation } from 'react-i18next';
import { durationUnit } from '../model/contract-math';
import '../strings';

/** docs/product.md §9: contract durations shown in sec, mins and hour units ("30 sec", "5 mins", "1 hour"). */
export function useDurationLabel(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    const { unit, count } = durationUnit(seconds);
    return t(`orders.duration.${unit}`, { count });
  };
}
