import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardLayout, DashboardPanelId } from '@app/contract';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { DashboardGrid, PanelPlaceholder } from './dashboard-grid';
import { useDashboardLayout } from './use-dashboard-layout';
import './dashboard.css';

/**
 * The panels: their code (the price strip, markets, chart, book, trades, account; the order entry
 * and the orders after them) is a chunk of its own, asked for as the frame renders, so the first
 * route carries only the frame (docs/decisions/0050-dashboard-frame-first.md,
 * docs/decisions/0051-dashboard-panels-in-one-chunk.md).
 */
const DashboardPanels = lazy(() => import('./dashboard-panels').then((m) => ({ default: m.DashboardPanels })));
/** An order's detail: its code loads when an order is opened. */
const TradeDetailDialog = lazy(() => import('./trade-detail-dialog').then((m) => ({ default: m.TradeDetailDialog })));

/**
 * The trading dashboard (/pages/desktop/dashboard/index and /pages/desktop/trade/index,
 * ?symbol=BTCUSDT&interval=1m): markets, the chosen instrument's price, chart, order book and
 * recent trades, the order entry, the orders, the account, all on one screen (CSS grid that
 * fills the window from 1001 to 2560 px; panels scroll inside, the page does not). The panels'
 * columns, order and visibility are the user's arrangement (use-dashboard-layout.ts). The frame
 * draws the arrangement's boxes at once; each panel fills its box when its code has arrived.
 */
export function DashboardPage() {
  const arrangement = useDashboardLayout();
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  return (
    <>
      <Suspense fallback={<DashboardFrame layout={arrangement.layout} />}>
        <DashboardPanels arrangement={arrangement} />
      </Suspense>
      {/* An order from the lists or a notice (the trade-detail page's address opens this route). */}
      {loggedIn && params.has('id') ? (
        <Suspense fallback={null}>
          <TradeDetailDialog />
        </Suspense>
      ) : null}
    </>
  );
}

/** The arrangement's boxes (the price strip's and each shown panel's), empty, while the panels' code loads. */
function DashboardFrame({ layout }: { layout: DashboardLayout }) {
  const panels: Partial<Record<DashboardPanelId, ReactNode>> = {};
  for (const p of layout.panels) panels[p.id] = <PanelPlaceholder />;
  return <DashboardGrid shown={layout} top={<PanelPlaceholder className="dash-price" />} panels={panels} busy />;
}
