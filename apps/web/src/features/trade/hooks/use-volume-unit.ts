import { useTranslation } from 'react-i18next';
import type { Instrument } from '@app/contract';
import { volumeUnitOf } from '../model/volume-unit';

/** The unit an instrument's volume is counted in, as shown: "BTC", "EUR", "shares", "contracts". */
export function useVolumeUnit(instrument: Pick<Instrument, 'market' | 'base'>): string {
  const { t } = useTranslation();
  const unit = volumeUnitOf(instrument);
  return unit.kind === 'asset' ? unit.asset : t(`volumeUnits.${unit.kind}`);
}
