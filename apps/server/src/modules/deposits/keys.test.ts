import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseAccountXpub } from '../../config';
import {
  addressLookup,
  btcAddress,
  checkBtcAddress,
  checkEvmAddress,
  checkTronAddress,
  evmAddress,
  toChecksumAddress,
  tronAddress,
  tronAddressFromHex,
  tronAddressToHex,
} from '../../lib/chain-address';
import { ACCOUNT_PATHS, DepositKeys } from './index';

/** BIP-39 seed of a mnemonic without passphrase (PBKDF2-HMAC-SHA512, 2048 rounds): the published vectors start from one. */
const seedOf = (mnemonic: string) =>
  Uint8Array.from(pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'));
/** The test mnemonic of BIP-84 (and of most wallets' published vectors). */
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('BIP-32 public derivation', () => {
  it('matches BIP-32 test vector 1: the chain m/0H/1/2H/2/1000000000 derived from the public key of m/0H/1/2H/2', () => {
    const root = HDKey.fromMasterSeed(Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')));
    expect(root.publicExtendedKey).toBe(
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    );
    const parent = HDKey.fromExtendedKey(root.derive("m/0'/1/2'/2").publicExtendedKey);
    expect(parent.privateKey).toBeNull();
    expect(parent.deriveChild(1_000_000_000).publicExtendedKey).toBe(
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    );
  });
});

describe('deposit keys', () => {
  const keys = new DepositKeys(DepositKeys.xpubsFromSeed(seedOf(ABANDON)));

  it('derives the BIP-84 vectors: native segwit addresses of m/84H/0H/0H/0/i', () => {
    expect(keys.derive('btc', 0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(keys.derive('btc', 1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it("takes BIP-84's published account zpub and gives the same first address", () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(new DepositKeys({ btc: zpub }).derive('btc', 0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('derives the well-known Ethereum (m/44H/60H/0H/0/0) and TRON (m/44H/195H/0H/0/0) addresses of the test mnemonic', () => {
    const evm = keys.derive('evm', 0);
    expect(evm.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(evm.lookup).toBe('0x9858effd232b4033e47d90003d41ec34ecaeda94');
    expect(keys.derive('tron', 0).address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('derives from public keys only, on the paths of BIP-44 and BIP-84', () => {
    expect(ACCOUNT_PATHS).toEqual({ evm: "m/44'/60'/0'", tron: "m/44'/195'/0'", btc: "m/84'/0'/0'" });
    for (const xpub of Object.values(DepositKeys.xpubsFromSeed(seedOf(ABANDON)))) expect(xpub).toMatch(/^xpub/);
    expect(keys.available('evm')).toBe(true);
    expect(new DepositKeys({}).available('evm')).toBe(false);
    expect(() => new DepositKeys({}).derive('tron', 0)).toThrow();
  });

  it('refuses a private key, a key that is not account-level, and garbage in DEPOSIT_XPUB_*', () => {
    const root = HDKey.fromMasterSeed(seedOf(ABANDON));
    const account = root.derive("m/44'/60'/0'");
    expect(() => parseAccountXpub(account.privateExtendedKey, 'evm')).toThrow(/private/);
    expect(() => parseAccountXpub(root.publicExtendedKey, 'evm')).toThrow(/depth/);
    for (const bad of [account.privateExtendedKey, root.publicExtendedKey, 'xpub123']) {
      expect(() => loadConfig({ DEPOSIT_XPUB_EVM: bad })).toThrow(ConfigError);
    }
    // The message never repeats a whole key (a private one pasted by mistake must not reach the log).
    try {
      loadConfig({ DEPOSIT_XPUB_EVM: account.privateExtendedKey });
    } catch (err) {
      expect((err as Error).message).not.toContain(account.privateExtendedKey.slice(8));
    }
    expect(loadConfig({ DEPOSIT_XPUB_EVM: account.publicExtendedKey }).deposits.xpubs.evm).toBe(
      account.publicExtendedKey,
    );
  });
});

describe('addresses', () => {
  it("writes EIP-55 checksums as the EIP's examples do", () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
      expect(checkEvmAddress(a)).toEqual({ ok: true, address: a });
      expect(checkEvmAddress(a.toLowerCase())).toEqual({ ok: true, address: a });
      expect(checkEvmAddress('0x' + a.slice(2).toUpperCase())).toEqual({ ok: true, address: a });
    }
    expect(checkEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toEqual({
      ok: false,
      error: 'ADDRESS_CHECKSUM_INVALID',
    });
    for (const bad of [
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '',
    ]) {
      expect(checkEvmAddress(bad)).toEqual({ ok: false, error: 'ADDRESS_INVALID' });
    }
  });

  it('checks TRON base58check addresses (prefix 0x41)', () => {
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({
      ok: true,
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual({
      ok: false,
      error: 'ADDRESS_CHECKSUM_INVALID',
    });
    // A valid base58check Bitcoin address is not a TRON address; nor is one with 0, O, I or l.
    for (const bad of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60',
      'tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'T123',
    ]) {
      expect(checkTronAddress(bad)).toEqual({ ok: false, error: 'ADDRESS_INVALID' });
    }
  });

  it('checks Bitcoin addresses: bech32, bech32m, P2PKH and P2SH; upper-case bech32 is read as lower case', () => {
    for (const a of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ]) {
      expect(checkBtcAddress(a)).toEqual({ ok: true, address: a });
    }
    expect(checkBtcAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({
      ok: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    expect(checkBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toEqual({
      ok: false,
      error: 'ADDRESS_CHECKSUM_INVALID',
    });
    expect(checkBtcAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toEqual({
      ok: false,
      error: 'ADDRESS_CHECKSUM_INVALID',
    });
    for (const bad of [
      'Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ]) {
      expect(checkBtcAddress(bad)).toEqual({ ok: false, error: 'ADDRESS_INVALID' });
    }
  });

  it("makes each chain's address from one public key, and looks EVM addresses up in lower case", () => {
    const pub = HDKey.fromMasterSeed(seedOf(ABANDON)).derive("m/44'/60'/0'/0/0").publicKey!;
    expect(evmAddress(pub)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(tronAddress(pub)).toMatch(/^T/);
    expect(btcAddress(pub)).toMatch(/^bc1q/);
    expect(addressLookup('evm', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(
      '0x9858effd232b4033e47d90003d41ec34ecaeda94',
    );
    expect(addressLookup('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    // USDT's TRC-20 contract, as TRON's explorers write it in hex.
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(addressLookup('tron', '0xA614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(addressLookup('btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });
});

describe('deposit configuration', () => {
  it('has the documented defaults: five routes, dev seed on the embedded database only', () => {
    const c = loadConfig({}).deposits;
    expect(c.routes.map((r) => [r.symbol, r.chain, r.minDeposit, r.confirmations, r.enabled])).toEqual([
      ['ETH', 'ethereum', 10n ** 16n, 12, true],
      ['USDT', 'ethereum', 20_000_000n, 12, true],
      ['USDC', 'ethereum', 20_000_000n, 12, true],
      ['USDT', 'tron', 20_000_000n, 20, true],
      ['BTC', 'bitcoin', 50_000n, 2, true],
    ]);
    expect(c.devSeed).toBe(true);
    expect(c.xpubs).toEqual({});
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).deposits.devSeed).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', DEPOSIT_DEV_SEED: 'true' }).deposits.devSeed).toBe(
      true,
    );
  });

  it("reads each route's settings, keeps a token contract in EIP-55, and refuses what it cannot use", () => {
    const c = loadConfig({
      DEPOSIT_USDT_ETHEREUM_CONTRACT: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      DEPOSIT_USDT_ETHEREUM_MIN: '0.5',
      DEPOSIT_BTC_BITCOIN_CONFIRMATIONS: '6',
      DEPOSIT_ETH_ETHEREUM_ENABLED: 'false',
    }).deposits.routes;
    expect(c[1]).toMatchObject({ token: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', minDeposit: 500_000n });
    expect(c[4]!.confirmations).toBe(6);
    expect(c[0]!.enabled).toBe(false);
    for (const env of [
      { DEPOSIT_USDT_ETHEREUM_MIN: '0.0000001' },
      { DEPOSIT_USDT_ETHEREUM_MIN: 'lots' },
      { DEPOSIT_USDT_TRON_CONTRACT: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' },
      { DEPOSIT_USDC_ETHEREUM_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { DEPOSIT_BTC_BITCOIN_CONFIRMATIONS: '0' },
      { DEPOSIT_ETH_ETHEREUM_ENABLED: 'yes' },
    ])
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
  });
});
