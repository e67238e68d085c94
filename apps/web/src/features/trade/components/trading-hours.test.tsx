import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TradingTime } from '@app/contract';
import { renderWithProviders } from '../../../test/render';
import { ClosedNotice } from './closed-notice';
import { TradingHours } from './trading-hours';

// Forex's week in New York time: Sunday 2026-11-29 17:00 to Friday 2026-12-04 17:00 (EST, UTC−5).
const SUNDAY_OPEN = Date.UTC(2026, 10, 29, 22);
const FRIDAY_CLOSE = Date.UTC(2026, 11, 4, 22);

const forexClosed: TradingTime = {
  symbol: 'EURUSD',
  open: false,
  nextOpen: SUNDAY_OPEN,
  nextClose: FRIDAY_CLOSE,
  timeZone: 'America/New_York',
  exchange: 'Forex',
  sessionDate: '2026-11-29',
  sessions: [{ open: SUNDAY_OPEN, close: FRIDAY_CLOSE }],
};

/** The texts a line may not break inside, in order. */
function units(testId: string): string[] {
  return [...screen.getByTestId(testId).querySelectorAll('.trading-hours__when')].map((el) => el.textContent ?? '');
}

describe('the trading hours', () => {
  // The tests run in UTC (vitest.config.ts), the user's zone here.
  it('names the zones by city and abbreviation, not by their IANA ids', () => {
    renderWithProviders(<TradingHours tradingTime={forexClosed} />);
    expect(screen.getByText('Exchange time (New York, EST)')).toBeTruthy();
    expect(screen.getByText('Your time (UTC)')).toBeTruthy();
    expect(screen.queryByText(/America\/New_York/)).toBeNull();
  });

  it('keeps each date with its time on one line: a line may break only after the dash', () => {
    renderWithProviders(<TradingHours tradingTime={forexClosed} />);
    const exchange = screen.getByTestId('trading-hours-exchange');
    expect(exchange.textContent).toBe('2026-11-29 17:00–2026-12-04 17:00');
    expect(units('trading-hours-exchange')).toEqual(['2026-11-29 17:00', '2026-12-04 17:00']);
    expect(exchange.querySelector('wbr')?.previousSibling?.textContent).toBe('–');
    expect(units('trading-hours-local')).toEqual(['2026-11-29 22:00', '2026-12-04 22:00']);
  });

  it('writes two sessions of one day with the date once', () => {
    const tokyo: TradingTime = {
      ...forexClosed,
      symbol: 'JPN225',
      timeZone: 'Asia/Tokyo',
      exchange: 'TSE',
      sessions: [
        { open: Date.UTC(2026, 10, 30, 0), close: Date.UTC(2026, 10, 30, 2, 30) },
        { open: Date.UTC(2026, 10, 30, 3, 30), close: Date.UTC(2026, 10, 30, 6, 30) },
      ],
    };
    renderWithProviders(<TradingHours tradingTime={tokyo} />);
    expect(screen.getByText('Exchange time (Tokyo, GMT+9)')).toBeTruthy();
    expect(screen.getByTestId('trading-hours-exchange').textContent).toBe('2026-11-30 09:00–11:30, 12:30–15:30');
    expect(units('trading-hours-exchange')).toEqual(['2026-11-30 09:00', '11:30', '12:30', '15:30']);
  });
});

describe('the closed notice', () => {
  it('says when the market opens in the user’s zone and the exchange’s, each zone readable', () => {
    renderWithProviders(<ClosedNotice tradingTime={forexClosed} />);
    expect(screen.getByRole('heading', { name: 'Market closed' })).toBeTruthy();
    expect(screen.getByText('Opens (UTC)').nextElementSibling?.textContent).toBe('2026-11-29 22:00:00');
    const exchange = screen.getByText('Opens (Forex, New York, EST)').nextElementSibling;
    expect(exchange?.textContent).toBe('2026-11-29 17:00:00');
    expect(exchange?.className).toBe('closed-notice__when');
  });
});
