import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandleInterval, Contract, Instrument } from '@app/contract';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { contractEndpointGroup } from '../api/contract-endpoints';
import { useContractList } from '../api/get-contract-list';
import { contractMarks } from '../model/chart-bars';
import { formatCountdown } from '../model/contract-math';
import type { CandleChart } from './use-candle-chart';
import { useNow } from './use-now';
import '../strings';

/** One open contract as the chart's legend describes it. */
export interface ChartContract {
  key: string;
  direction: Contract['direction'];
  /** Its open price, as the server wrote it. */
  openPrice: string;
  /** Milliseconds until expiry (0 once expired, while the settlement is on its way). */
  msLeft: number;
}

/**
 * The signed-in user's open contracts on `instrument`, drawn on `chart` (entry line with the
 * direction and the time left, a marker on the opening candle) and returned for the legend.
 * They leave the chart when the open list no longer has them (settled: use-order-events).
 */
export function useChartContracts(
  chart: CandleChart,
  generation: number,
  instrument: Instrument,
  interval: CandleInterval,
): ChartContract[] {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const list = useContractList(
    { group: contractEndpointGroup(instrument.market), status: 'open', symbol: instrument.symbol },
    { enabled: loggedIn },
  );
  const contracts = loggedIn ? (list.data?.pages.flatMap((p) => p.items) ?? []) : [];
  const marks = contractMarks(contracts, interval);
  const now = useNow(marks.length > 0, 1000);
  const shown = marks.map((m) => ({ ...m, msLeft: Math.max(0, m.expiresAt - now) }));

  const signature = shown.map((m) => `${m.key}:${m.price}:${m.candleTime}:${Math.ceil(m.msLeft / 1000)}`).join('|');
  useEffect(() => {
    if (generation <= 0) return;
    chart.setContracts(
      shown.map((m) => ({
        ...m,
        label: `${t(`orders.directions.${m.direction}`)} ${m.msLeft > 0 ? formatCountdown(m.msLeft) : t('orders.settling')}`,
      })),
    );
    // `signature` stands for `shown`, a new array on every render.
  }, [chart, generation, signature, t]);

  return shown.map(({ key, direction, openPrice, msLeft }) => ({ key, direction, openPrice, msLeft }));
}
