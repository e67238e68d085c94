import { describe, expect, it } from 'vitest';
import type { DepositRoute, RechargeRecord, RechargeType } from '@app/contract';
import {
  coinSummary,
  confirmationProgress,
  defaultCoin,
  findCoin,
  groupCoins,
  orderCoins,
  pickChain,
} from './selection';

const route = (
  chain: DepositRoute['chain'],
  protocol: string,
  state: DepositRoute['state'] = 'available',
): DepositRoute => ({
  chain,
  chainName: chain,
  protocol,
  family: chain === 'ethereum' ? 'evm' : chain === 'tron' ? 'tron' : 'btc',
  token: null,
  decimals: 6,
  minDeposit: '20',
  confirmations: 12,
  enabled: state !== 'disabled',
  state,
  devChain: false,
});
const coin = (symbol: string, chains: DepositRoute[]): RechargeType => ({
  symbol,
  name: symbol,
  icon: '',
  chains,
  available: chains.some((c) => c.state === 'available'),
});

const USDT = coin('USDT', [route('ethereum', 'ERC20'), route('tron', 'TRC20')]);
const ETH = coin('ETH', [route('ethereum', 'ERC20', 'disabled')]);
const BTC = coin('BTC', [route('bitcoin', 'BTC', 'not_configured')]);
const XRP = coin('XRP', []);
const COINS = [XRP, ETH, USDT, BTC];

describe('deposit selection', () => {
  it('finds a coin by symbol in any case, and nothing for an unknown one', () => {
    expect(findCoin(COINS, 'usdt')).toBe(USDT);
    expect(findCoin(COINS, 'DOGE')).toBeUndefined();
    expect(findCoin(COINS, null)).toBeUndefined();
  });

  it('opens with USDT, else the first coin that can be deposited, else the first', () => {
    expect(defaultCoin(COINS)).toBe(USDT);
    expect(defaultCoin([XRP, ETH])).toBe(XRP);
    expect(defaultCoin([])).toBeUndefined();
  });

  it('shows the chain asked for whatever its state, else the first available, else the first; none without chains', () => {
    expect(pickChain(USDT, 'tron')?.chain).toBe('tron');
    expect(pickChain(USDT, 'bitcoin')?.chain).toBe('ethereum');
    expect(pickChain(USDT, null)?.chain).toBe('ethereum');
    expect(pickChain(ETH, 'ethereum')?.state).toBe('disabled');
    expect(pickChain(XRP, null)).toBeUndefined();
  });

  it('groups the coins that can be deposited apart from the others, each group in the catalogue order', () => {
    const { depositable, other } = groupCoins(COINS);
    expect(depositable.map((c) => c.symbol)).toEqual(['USDT']);
    expect(other.map((c) => c.symbol)).toEqual(['XRP', 'ETH', 'BTC']);
  });

  it('lists the coins that can be deposited first, keeping the catalogue order', () => {
    expect(orderCoins(COINS).map((c) => c.symbol)).toEqual(['USDT', 'XRP', 'ETH', 'BTC']);
  });

  it('says why a coin cannot be deposited', () => {
    expect(coinSummary(USDT)).toEqual({ kind: 'available', protocols: ['ERC20', 'TRC20'] });
    expect(coinSummary(XRP)).toEqual({ kind: 'no_network' });
    expect(coinSummary(ETH)).toEqual({ kind: 'unavailable', state: 'disabled' });
    expect(coinSummary(BTC)).toEqual({ kind: 'unavailable', state: 'not_configured' });
  });

  it('counts confirmations of an in-progress deposit on chain only', () => {
    const record: RechargeRecord = {
      number: '00000000-0000-4000-8000-000000000000',
      symbol: 'USDT',
      chain: 'ethereum',
      amount: '25',
      quantity: '0',
      channel: 'terminal',
      status: 'in_progress',
      from: null,
      fromLabel: null,
      to: null,
      txHash: null,
      confirmations: 3,
      confirmationsRequired: 12,
      failReason: null,
      time: 0,
      completedAt: null,
    };
    expect(confirmationProgress(record)).toEqual({ seen: 3, needed: 12 });
    expect(confirmationProgress({ ...record, status: 'success', confirmations: 12 })).toBeNull();
    expect(
      confirmationProgress({
        ...record,
        channel: 'back_stage',
        chain: null,
        confirmations: null,
        confirmationsRequired: null,
      }),
    ).toBeNull();
  });
});
