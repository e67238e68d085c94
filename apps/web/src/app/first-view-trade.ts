import type { CandleInterval, Language } from '@app/contract';
import { TRADE_MESSAGES } from '../locales/trade';
import { esc } from './first-view';
import '../features/trade/trade.css';

/**
 * The trade chart's first view (issue 34), painted by the entry like home's and quote's
 * (app/first-view.ts) before the libraries run: the page's first screen as the app's first render
 * draws it before any price has arrived (components/trade-chart-page.tsx): the price header with
 * its labels and "--" for every figure, the chart card with its interval tabs and an empty
 * canvas, and for a visitor the order entry's login prompt, the screen's largest text. The
 * instrument's symbol, name and volume units are blanks here, filled by the app: they come from
 * the instrument catalogue, which this view does not load. Its own chunk with the trade styles
 * and the trade strings (both the page's own, loaded here earlier), so home and quote load none
 * of it (the star's box is in styles/components.css, which every page has). Hidden from assistive technology; its tabs and star are disabled buttons (the app's
 * are buttons: the same box), its links have no target.
 */

/** The chart intervals (CANDLE_INTERVALS of the contract, written out: its module carries more). */
const INTERVALS: readonly CandleInterval[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];

/** components/favorite-star.tsx's star, not filled, as React writes it. */
const STAR =
  '<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"></path></svg>';

/** components/icons.tsx's IconSearch at size 16, as React writes it. */
const SEARCH_ICON =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><circle cx="11" cy="11" r="7"></circle><path d="M20 20l-4-4"></path></svg>';

/** What the page shows for a figure it does not have yet (lib/format's placeholder). */
const NONE = '--';
/** A line's height without its words (the instrument's, which the app fills in). */
const BLANK = '&nbsp;';

/** A disabled button: the app's button's box, nothing to press. */
const inert = (className: string, inside: string) =>
  `<button type="button" class="${className}" disabled tabindex="-1">${inside}</button>`;

/** The chart interval the address asks for, or the page's default (hooks/use-chart-params.ts). */
function intervalOf(search: string): CandleInterval {
  const asked = new URLSearchParams(search).get('interval');
  return INTERVALS.find((i) => i === asked) ?? '1m';
}

/** The trade chart's first view (the inside of .app-main) at the address's `search`, in `language`. */
export function tradeFirstViewMarkup(language: Language, search: string, loggedIn: boolean): string {
  const t = TRADE_MESSAGES[language];
  const interval = intervalOf(search);
  const stat = (label: string) => `<div><dt>${label}</dt><dd class="mono">${NONE}</dd></div>`;
  const header =
    '<section class="price-header"><div class="price-header__top">' +
    `<div class="price-header__instrument"><h2 class="price-header__symbol">${BLANK}</h2><span class="price-header__name">${BLANK}</span></div>` +
    `${inert('favorite-star', STAR)}<a class="price-header__switch">${SEARCH_ICON}${esc(t.chart.switchSymbol)}</a></div>` +
    `<div class="price-header__quote"><span class="price-header__price mono">${NONE}</span><span class="price-header__change">${NONE} (${NONE})</span></div>` +
    `<dl class="stat-grid">${stat(esc(t.chart.high24h))}${stat(esc(t.chart.low24h))}${stat(BLANK)}${stat(BLANK)}</dl></section>`;
  const tabs = INTERVALS.map((i) => inert(`tab-list__tab${i === interval ? ' is-active' : ''}`, i)).join('');
  const chart =
    `<section class="chart-card"><div class="tab-list tab-list--fill">${tabs}</div>` +
    '<div class="chart-card__canvas"><div class="chart-card__surface"></div></div>' +
    `<div class="chart-card__footer"><p class="chart-card__volume"><span class="chart-card__volume-label">${BLANK}</span> <span class="mono">${NONE}</span></p>` +
    `<a class="chart-card__attribution">${esc(t.tradeChart.attribution)}</a></div></section>`;
  const entry = loggedIn
    ? ''
    : `<section class="order-entry"><div class="prompt-card"><p class="prompt-card__text">${esc(t.orders.loginToTrade)}</p>` +
      `<a class="button button--primary button--small">${esc(t.orders.logIn)}</a></div></section>`;
  return `<div class="trade-chart">${header}${chart}${entry}</div>`;
}
