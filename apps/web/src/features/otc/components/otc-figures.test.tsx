import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API, type OtcTrade } from '@app/contract';
import { api } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { TradeHistoryTable } from './desktop/trade-history-table';
import { PreviewList } from './trade-form';
import { TradeHistory } from './trade-history';
import { TradeResult } from './trade-result';

/** A sale of 0.0108 BTC: the server's figures, as it sends them (every digit it keeps). */
const sale: OtcTrade = {
  id: 't-1',
  side: 'sell',
  fromAsset: 'BTC',
  toAsset: 'USDT',
  fromAmount: '0.0108',
  toAmount: '999.373596',
  price: '92442.15',
  fee: '1.000374',
  feeAsset: 'USDT',
  time: Date.UTC(2026, 10, 29, 5, 36, 9),
};

function withHistory() {
  signIn();
  api.post(API.asset.tradingRecord, { items: [sale], page: 1, size: 20, total: 1 });
}

describe('OTC figures on screen', () => {
  it('the phone history: amounts in each coin’s display decimals, the price with separators', async () => {
    withHistory();
    renderWithProviders(<TradeHistory />);
    const row = await screen.findByTestId('otc-trade');
    const figure = (term: string) => within(row).getByText(term).nextElementSibling?.textContent;
    expect(figure('Paid')).toBe('0.01080 BTC');
    expect(figure('Received')).toBe('999.37 USDT');
    expect(figure('Price')).toBe('92,442.15');
    expect(figure('Fee')).toBe('1.00 USDT');
  });

  it('the desktop history writes them the same way', async () => {
    withHistory();
    renderWithProviders(<TradeHistoryTable />);
    const row = await screen.findByTestId('otc-trade');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2)).toEqual(['0.01080 BTC', '999.37 USDT', '92,442.15', '1.00 USDT']);
  });

  it('the preview before a trade and the result after it follow the same rule', () => {
    renderWithProviders(
      <>
        <PreviewList
          preview={{
            pay: '99.9999',
            payAsset: 'USDT',
            get: '0.00108',
            getAsset: 'BTC',
            fee: '0.0999',
            feeAsset: 'USDT',
            price: '92442.15',
          }}
        />
        <TradeResult result={sale} assetsPath="/pages/assets/index" />
      </>,
    );
    const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(figure('You pay')).toBe('99.99 USDT');
    expect(figure('You get')).toBe('0.00108 BTC');
    expect(figure('Fee')).toBe('0.09 USDT');
    expect(figure('Price')).toBe('92,442.15 USDT');
    expect(screen.getByRole('status').textContent).toContain('−0.01080 BTC · +999.37 USDT');
  });
});
