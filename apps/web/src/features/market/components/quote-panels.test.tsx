import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Ticker, WsTick } from '@app/contract';
import { tickersByTypeQuery } from '../../../lib/api/get-tickers-by-type';
import { FakeWebSocket } from '../../../test/network';
import { queryClient, renderWithProviders } from '../../../test/render';
import { ticker } from '../../../test-support/ticker';
import { fireEvent } from '@testing-library/react';
import { MarketPanel } from './quote-panels';
import type { TickerSort } from '../model/sort-tickers';

/** The quote list of the crypto market, its snapshot already in the cache (the query the page asks). */
function showCrypto(tickers: Ticker[], sort: TickerSort | null = null) {
  queryClient.setQueryData(tickersByTypeQuery('CRYPTO').queryKey, tickers);
  return renderWithProviders(<MarketPanel market="CRYPTO" sort={sort} />, { route: '/quote' });
}

/** The rows' symbols in the order shown. */
const shownOrder = () =>
  [...screen.getByRole('list', { name: 'Crypto' }).querySelectorAll<HTMLElement>('[data-symbol]')].map(
    (li) => li.dataset.symbol,
  );

/** A tick of the general feed for `symbol` with this 24 h change. */
const changeTick = (symbol: string, changePercent24h: string, over: Partial<WsTick> = {}): WsTick => ({
  symbol,
  price: '1.00',
  bid: '1.00',
  ask: '1.00',
  change24h: null,
  changePercent24h,
  high24h: null,
  low24h: null,
  volume24h: '0',
  quoteVolume24h: '0',
  time: Date.now(),
  stale: false,
  complete24h: true,
  ...over,
});

/** Waits until the list's general feed has subscribed. */
const feedOpen = () =>
  waitFor(() =>
    expect(
      FakeWebSocket.opened.some((s) => s.sent.some((m) => JSON.stringify(m).includes('"channel":"general"'))),
    ).toBe(true),
  );

/** A row's price, volume and 24 h change as shown. */
function row(symbol: string) {
  const item = screen.getByRole('list', { name: 'Crypto' }).querySelector<HTMLElement>(`[data-symbol="${symbol}"]`);
  if (!item) throw new Error(`no row for ${symbol}`);
  const text = (testId: string) => within(item).getByTestId(testId).textContent;
  return { price: text('ticker-price'), volume: text('ticker-volume'), change: text('ticker-change') };
}

const crypto = (symbol: string, priceDecimals: number, over: Partial<Ticker>) =>
  ticker({ symbol, displaySymbol: symbol.replace(/USDT$/, '/USDT'), priceDecimals, ...over });

describe('the quote list', () => {
  it('shows each price with its instrument’s decimals, truncated, never rounded up', () => {
    showCrypto([
      crypto('BTCUSDT', 2, { price: '67321.129' }),
      crypto('XRPUSDT', 4, { price: '2.19999' }),
      crypto('DOGEUSDT', 5, { price: '0.1234599' }),
      crypto('ETHUSDT', 2, { price: '3100' }),
    ]);
    expect(row('BTCUSDT').price).toBe('67,321.12');
    expect(row('XRPUSDT').price).toBe('2.1999');
    expect(row('DOGEUSDT').price).toBe('0.12345');
    expect(row('ETHUSDT').price).toBe('3,100.00');
  });

  it('shows a price of many decimals with six significant digits, and one not there yet as --', () => {
    showCrypto([
      crypto('BTMUSDT', 10, { price: '0.0030123456789' }),
      crypto('USDCUSDT', 10, { price: '1.0000000000' }),
      crypto('HTUSDT', 10, { price: null }),
    ]);
    expect(row('BTMUSDT').price).toBe('0.00301234');
    expect(row('USDCUSDT').price).toBe('1.00');
    expect(row('HTUSDT').price).toBe('--');
  });

  it('shows the 24 h change with its sign and two decimals, truncated', () => {
    showCrypto([
      crypto('BTCUSDT', 2, { price: '1', changePercent24h: '1.259' }),
      crypto('ETHUSDT', 2, { price: '1', changePercent24h: '-0.305' }),
      crypto('SOLUSDT', 2, { price: '1', changePercent24h: '0' }),
      crypto('LTCUSDT', 2, { price: '1', changePercent24h: null }),
    ]);
    expect(row('BTCUSDT').change).toBe('+1.25%');
    expect(row('ETHUSDT').change).toBe('-0.30%');
    expect(row('SOLUSDT').change).toBe('0.00%');
    expect(row('LTCUSDT').change).toBe('--');
  });

  it('shows the 24 h volume in the quote currency: whole units below a million, the short form above', () => {
    showCrypto([
      crypto('BTCUSDT', 2, { price: '1', quoteVolume24h: '281737.98' }),
      crypto('ETHUSDT', 2, { price: '1', quoteVolume24h: '1234567890.5' }),
    ]);
    expect(row('BTCUSDT').volume).toBe('Vol 281,737 USDT');
    expect(row('ETHUSDT').volume).toBe('Vol 1.23B USDT');
  });

  it('tags a market whose session is closed, and shows no "Vol 0" before its first price', () => {
    showCrypto([
      crypto('BTCUSDT', 2, { price: '1', quoteVolume24h: '281737.98' }),
      crypto('ETHUSDT', 2, { price: '3100', quoteVolume24h: '0', open: false }),
      crypto('HTUSDT', 2, { price: null, quoteVolume24h: '0', open: false }),
    ]);
    const item = (symbol: string) =>
      screen
        .getByRole('list', { name: 'Crypto' })
        .querySelector<HTMLElement>(`[data-symbol="${symbol}"]`) as HTMLElement;
    expect(within(item('BTCUSDT')).queryByTestId('ticker-closed')).toBeNull();
    expect(within(item('ETHUSDT')).getByTestId('ticker-closed').textContent).toBe('Closed');
    expect(row('ETHUSDT').volume).toBe('Vol 0 USDT');
    expect(within(item('HTUSDT')).getByTestId('ticker-closed').textContent).toBe('Closed');
    expect(within(item('HTUSDT')).getByTestId('ticker-price').textContent).toBe('--');
    expect(within(item('HTUSDT')).queryByTestId('ticker-volume')).toBeNull();
    // The tag is part of the row's link, so a screen reader hears it with the instrument.
    expect(within(item('HTUSDT')).getByRole('link').textContent).toContain('Closed');
  });

  it('keeps the price live: a tick from the feed replaces it, with the same decimals and truncation', async () => {
    showCrypto([crypto('BTCUSDT', 2, { price: '67321.12', changePercent24h: '1.00' })]);
    const tick: WsTick = {
      symbol: 'BTCUSDT',
      price: '67400.999',
      bid: '67400.5',
      ask: '67401.5',
      change24h: '79.87',
      changePercent24h: '0.1187',
      high24h: null,
      low24h: null,
      volume24h: '0',
      quoteVolume24h: '0',
      time: Date.now(),
      stale: false,
      complete24h: true,
    };
    // The general feed has subscribed once its socket opened.
    await waitFor(() =>
      expect(
        FakeWebSocket.opened.some((s) => s.sent.some((m) => JSON.stringify(m).includes('"channel":"general"'))),
      ).toBe(true),
    );
    FakeWebSocket.broadcast({ eventType: 'ticker', data: tick });
    await waitFor(() => expect(row('BTCUSDT').price).toBe('67,400.99'));
    expect(row('BTCUSDT').change).toBe('+0.11%');
  });

  it('stays sorted by change while prices move: a row moves as its live change passes another', async () => {
    showCrypto(
      [
        crypto('BTCUSDT', 2, { price: '1', changePercent24h: '-0.69' }),
        crypto('SUSHIUSDT', 2, { price: '1', changePercent24h: '-0.20' }),
        crypto('ETHUSDT', 2, { price: '1', changePercent24h: '1.50' }),
      ],
      { key: 'change', order: 'asc' },
    );
    expect(shownOrder()).toEqual(['BTCUSDT', 'SUSHIUSDT', 'ETHUSDT']);
    await feedOpen();
    FakeWebSocket.broadcast({ eventType: 'ticker', data: changeTick('SUSHIUSDT', '-4.11') });
    await waitFor(() => expect(shownOrder()).toEqual(['SUSHIUSDT', 'BTCUSDT', 'ETHUSDT']));
    expect(row('SUSHIUSDT').change).toBe('-4.11%');
  });

  it('keeps the rows in place while a finger is on the list, and sorts again when it lifts', async () => {
    showCrypto(
      [
        crypto('BTCUSDT', 2, { price: '1', changePercent24h: '-0.69' }),
        crypto('SUSHIUSDT', 2, { price: '1', changePercent24h: '-0.20' }),
      ],
      { key: 'change', order: 'asc' },
    );
    await feedOpen();
    fireEvent.pointerDown(screen.getByRole('list', { name: 'Crypto' }));
    FakeWebSocket.broadcast({ eventType: 'ticker', data: changeTick('SUSHIUSDT', '-4.11') });
    await waitFor(() => expect(row('SUSHIUSDT').change).toBe('-4.11%'));
    expect(shownOrder()).toEqual(['BTCUSDT', 'SUSHIUSDT']);
    fireEvent.pointerUp(window);
    await waitFor(() => expect(shownOrder()).toEqual(['SUSHIUSDT', 'BTCUSDT']));
  });

  it('says "Loading history" instead of a 24 h change and volume that are not whole yet, then shows them', async () => {
    showCrypto([
      crypto('BTCUSDT', 2, { price: '67000', changePercent24h: '-6.96', quoteVolume24h: '180164', complete24h: false }),
      crypto('ETHUSDT', 2, { price: '3100', changePercent24h: '0.50', quoteVolume24h: '1234567890.5' }),
    ]);
    expect(screen.getByTestId('history-loading').textContent).toBe(
      'Loading history: the 24 h change and volume follow',
    );
    expect(row('BTCUSDT')).toEqual({ price: '67,000.00', volume: 'Loading history', change: '--' });
    expect(row('ETHUSDT')).toEqual({ price: '3,100.00', volume: 'Vol 1.23B USDT', change: '+0.50%' });
    // The history is stored: the next tick says the figures are whole.
    await feedOpen();
    FakeWebSocket.broadcast({
      eventType: 'ticker',
      data: changeTick('BTCUSDT', '-0.06', { price: '67000.00', quoteVolume24h: '1234567890.5' }),
    });
    await waitFor(() => expect(row('BTCUSDT').change).toBe('-0.06%'));
    expect(row('BTCUSDT').volume).toBe('Vol 1.23B USDT');
    expect(screen.queryByTestId('history-loading')).toBeNull();
  });
});
