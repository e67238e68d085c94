import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import type { FastifyBaseLogger } from 'fastify';
import { DEPOSIT_FAMILIES, type DepositFamily } from '@app/contract';
import { parseAccountXpub, type DepositConfig } from '../../config';
import { addressLookup, addressOf } from '../../lib/chain-address';

/** The account each family's addresses hang under: BIP-44 for Ethereum (60) and TRON (195), BIP-84 native segwit for Bitcoin. */
export const ACCOUNT_PATHS: Readonly<Record<DepositFamily, string>> = {
  evm: "m/44'/60'/0'",
  tron: "m/44'/195'/0'",
  btc: "m/84'/0'/0'",
};

/** The development seed's file in the data folder (never used when every family has an xpub). */
export const DEPOSIT_KEY_DEV_SEED_FILE = 'deposit-dev-seed.hex';

export interface DerivedAddress {
  /** As shown (EIP-55, base58 T…, bech32). */
  address: string;
  /** As looked up (lower-case hex on EVM). */
  lookup: string;
  /** Which account key derived it. */
  keyId: string;
}

interface Account {
  /** The external chain (…/0) of the account: its children are the deposit addresses. */
  external: HDKey;
  keyId: string;
}

/** Which account key: the first 16 hex digits of sha256 of its xpub (nothing secret). */
export const keyIdOf = (xpub: string) => crypto.createHash('sha256').update(xpub).digest('hex').slice(0, 16);

/** The seed in the data folder, made (32 random bytes, mode 0600) on first use. */
function loadOrCreateDevSeed(dataDir: string): { seed: Uint8Array; file: string; created: boolean } {
  const file = path.join(dataDir, DEPOSIT_KEY_DEV_SEED_FILE);
  const read = () => Uint8Array.from(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
  if (fs.existsSync(file)) return { seed: read(), file, created: false };
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    return { seed: read(), file, created: true };
  } catch {
    return { seed: read(), file, created: false }; // another process wrote it first
  }
}

/** Where the withdrawals' EVM hot wallet sits in the development seed: another account than deposits' (m/44'/60'/0'). */
export const DEV_HOT_KEY_PATH_EVM = "m/44'/60'/1'/0/0";

/**
 * The withdrawals' EVM hot-wallet private key derived from the development seed in the data folder
 * (made if missing), for development only: the caller logs a loud warning (docs/withdrawals.md "Signer").
 */
export function devHotKeyEvm(dataDir: string): { privateKey: `0x${string}`; file: string; created: boolean } {
  const { seed, file, created } = loadOrCreateDevSeed(dataDir);
  const root = HDKey.fromMasterSeed(seed);
  seed.fill(0);
  const node = root.derive(DEV_HOT_KEY_PATH_EVM);
  root.wipePrivateData();
  if (!node.privateKey) throw new Error('derived key has no private key');
  const privateKey = `0x${Buffer.from(node.privateKey).toString('hex')}` as const;
  node.wipePrivateData();
  return { privateKey, file, created };
}

/**
 * The account-level extended PUBLIC keys deposit addresses derive from (docs/deposits.md "Keys").
 * Only public keys are kept: from configuration (`DEPOSIT_XPUB_*`), or, where allowed
 * (`DEPOSIT_DEV_SEED`), from a development seed in the data folder whose private nodes are wiped
 * as soon as the account xpubs are taken from it. A family with neither is not available.
 */
export class DepositKeys {
  private readonly accounts = new Map<DepositFamily, Account>();

  constructor(xpubs: Readonly<Partial<Record<DepositFamily, string>>>) {
    for (const family of DEPOSIT_FAMILIES) {
      const xpub = xpubs[family];
      if (xpub)
        this.accounts.set(family, { external: parseAccountXpub(xpub, family).deriveChild(0), keyId: keyIdOf(xpub) });
    }
  }

  /** The keys of a configuration, making the development seed when it is allowed and needed. */
  static load(config: DepositConfig, dataDir: string, log: FastifyBaseLogger): DepositKeys {
    const xpubs: Partial<Record<DepositFamily, string>> = { ...config.xpubs };
    const missing = DEPOSIT_FAMILIES.filter((f) => !xpubs[f]);
    if (missing.length && config.devSeed) {
      const { seed, file, created } = loadOrCreateDevSeed(dataDir);
      Object.assign(xpubs, DepositKeys.xpubsFromSeed(seed, missing));
      seed.fill(0);
      log.warn(
        { file, families: missing, created },
        'deposit addresses of these chains derive from a DEVELOPMENT seed kept in the data folder: for development only, never for real money (set DEPOSIT_XPUB_EVM, DEPOSIT_XPUB_TRON, DEPOSIT_XPUB_BTC)',
      );
    } else if (missing.length) {
      log.warn(
        { families: missing },
        'no deposit key for these chains (DEPOSIT_XPUB_*): their deposits are not available',
      );
    }
    return new DepositKeys(xpubs);
  }

  /** The account xpubs of a seed (the development seed, and tests with published vectors). */
  static xpubsFromSeed(
    seed: Uint8Array,
    families: readonly DepositFamily[] = DEPOSIT_FAMILIES,
  ): Partial<Record<DepositFamily, string>> {
    const root = HDKey.fromMasterSeed(seed);
    const out: Partial<Record<DepositFamily, string>> = {};
    for (const family of families) {
      const account = root.derive(ACCOUNT_PATHS[family]);
      out[family] = account.publicExtendedKey;
      account.wipePrivateData();
    }
    root.wipePrivateData();
    return out;
  }

  available(family: DepositFamily): boolean {
    return this.accounts.has(family);
  }

  /** The address at child `index` of the family's external chain (account/0/index). */
  derive(family: DepositFamily, index: number): DerivedAddress {
    const account = this.accounts.get(family);
    if (!account) throw new Error(`no deposit key for ${family}`);
    const key = account.external.deriveChild(index);
    if (!key.publicKey) throw new Error('derived key has no public key');
    const address = addressOf(family, key.publicKey);
    return { address, lookup: addressLookup(family, address), keyId: account.keyId };
  }
}
