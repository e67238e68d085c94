import { describe, expect, it } from 'vitest';
import { ERRORS, type RechargeType, type WithdrawAddress } from '@app/contract';
import { addressCoins, fieldOfError, isHeld, networkLabel, pickChain, pickCoin, savedCoins } from './address-book';

const route = (chain: 'ethereum' | 'tron', protocol: string) =>
  ({
    chain,
    chainName: chain === 'ethereum' ? 'Ethereum' : 'TRON',
    protocol,
    state: 'available',
  }) as RechargeType['chains'][number];
const coin = (symbol: string, chains: RechargeType['chains']): RechargeType => ({
  symbol,
  name: symbol,
  icon: '',
  chains,
  available: chains.length > 0,
});
const COINS = [
  coin('ETH', [route('ethereum', 'ERC20')]),
  coin('XRP', []),
  coin('USDT', [route('ethereum', 'ERC20'), route('tron', 'TRC20')]),
];

const saved = (over: Partial<WithdrawAddress>): WithdrawAddress => ({
  id: 'a1',
  currency: 'USDT',
  chainType: 'tron',
  chainName: 'TRON',
  protocol: 'TRC20',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  nickname: '',
  createdAt: 1_000,
  usableFrom: 2_000,
  state: 'holding',
  ...over,
});

describe('address book model', () => {
  it('offers only the coins with a chain', () => {
    expect(addressCoins(COINS).map((c) => c.symbol)).toEqual(['ETH', 'USDT']);
    expect(addressCoins(undefined)).toEqual([]);
  });

  it('picks the coin asked for in any case, else USDT, else the first', () => {
    const coins = addressCoins(COINS);
    expect(pickCoin(coins, 'eth')?.symbol).toBe('ETH');
    expect(pickCoin(coins, 'XRP')?.symbol).toBe('USDT');
    expect(pickCoin(coins, null)?.symbol).toBe('USDT');
    expect(pickCoin([coins[0] as RechargeType], null)?.symbol).toBe('ETH');
  });

  it('picks the chain asked for when the coin is on it, else its first', () => {
    const usdt = COINS[2];
    expect(pickChain(usdt, 'tron')?.protocol).toBe('TRC20');
    expect(pickChain(usdt, 'bitcoin')?.protocol).toBe('ERC20');
    expect(pickChain(undefined, 'tron')).toBeUndefined();
  });

  it('names a network by chain and protocol', () => {
    expect(networkLabel({ chainName: 'TRON', protocol: 'TRC20' })).toBe('TRON (TRC20)');
  });

  it('holds an address until its usableFrom, even if the page outlives the answer', () => {
    expect(isHeld(saved({}), 1_999)).toBe(true);
    expect(isHeld(saved({}), 2_000)).toBe(false);
    expect(isHeld(saved({ state: 'usable' }), 0)).toBe(false);
  });

  it('lists each saved coin once, newest first', () => {
    expect(savedCoins([saved({ currency: 'USDT' }), saved({ currency: 'ETH' }), saved({ currency: 'USDT' })])).toEqual([
      'USDT',
      'ETH',
    ]);
  });

  it('shows a refusal beside the field it is about', () => {
    expect(fieldOfError(ERRORS.FUND_PASSWORD_INCORRECT.code)).toBe('fundPassword');
    expect(fieldOfError(ERRORS.FUND_PASSWORD_LOCKED.code)).toBe('fundPassword');
    expect(fieldOfError(ERRORS.ADDRESS_CHECKSUM_INVALID.code)).toBe('address');
    expect(fieldOfError(ERRORS.WITHDRAW_ADDRESS_OWN.code)).toBe('address');
    expect(fieldOfError(ERRORS.ADDRESS_BOOK_FULL.code)).toBeNull();
  });
});
