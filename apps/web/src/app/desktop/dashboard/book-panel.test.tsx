import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { instrumentOf, type Depth } from '@app/contract';
import { renderWithProviders } from '../../../test/render';
import { OrderBookPanel } from './book-panel';

const BTC = instrumentOf('BTCUSDT')!;

afterEach(() => vi.useRealTimers());

describe("the dashboard's order book", () => {
  it('says it is loading until the first depth arrives, not that there is no book (issue 34)', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<OrderBookPanel depth={null} instrument={BTC} lastPrice="67000" />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    expect(screen.queryByText('No order book yet')).toBeNull();

    const depth: Depth = { symbol: 'BTCUSDT', bids: [['66999.5', '0.25']], asks: [['67000.5', '0.5']], time: 1 };
    rerender(<OrderBookPanel depth={depth} instrument={BTC} lastPrice="67000" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('table', { name: 'Bid' }).textContent).toContain('66,999.50');
  });

  it('says there is no book when none came in its wait, or when the book is empty', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<OrderBookPanel depth={null} instrument={BTC} lastPrice={null} />);
    act(() => vi.advanceTimersByTime(8000));
    screen.getByText('No order book yet');
    rerender(
      <OrderBookPanel depth={{ symbol: 'BTCUSDT', bids: [], asks: [], time: 1 }} instrument={BTC} lastPrice={null} />,
    );
    screen.getByText('No order book yet');
  });
});
