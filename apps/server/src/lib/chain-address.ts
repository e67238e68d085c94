import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { Address, NETWORK, p2wpkh } from '@scure/btc-signer';
import type { DepositFamily } from '@app/contract';

/**
 * Addresses of the chains deposits arrive on (docs/deposits.md "Addresses"): made from a public
 * key, and checked when a user types one. Pure functions, no keys kept.
 */

const base58check = createBase58check(sha256);
/** TRON's address prefix byte (mainnet): 0x41, which base58 writes as a leading T. */
const TRON_PREFIX = 0x41;

/** The 20-byte account of an secp256k1 public key (compressed or not): keccak-256 of the 64-byte point, last 20 bytes. */
function accountBytes(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** EIP-55: a hex digit is upper case when the matching nibble of keccak(lower-case hex) is 8 or more. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function evmAddress(publicKey: Uint8Array): string {
  return toChecksumAddress(bytesToHex(accountBytes(publicKey)));
}

/** A TRON account as EVM-style logs of a TRON node carry it (0x and 20 bytes, or 41 and 20 bytes), written as base58 T…. */
export function tronAddressFromHex(hex: string): string {
  const digits = hex.replace(/^(0x|41)/i, '');
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(Buffer.from(digits, 'hex'), 1);
  return base58check.encode(payload);
}

/** The 20-byte account of a TRON address as lower-case 0x hex (what its EVM-style logs carry). Input must have passed `checkTronAddress`. */
export function tronAddressToHex(address: string): string {
  return `0x${bytesToHex(base58check.decode(address).subarray(1))}`;
}

const TRON_HEX = /^(0x|41)[0-9a-fA-F]{40}$/;

export function tronAddress(publicKey: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(accountBytes(publicKey), 1);
  return base58check.encode(payload);
}

/** A native segwit (P2WPKH, bech32 bc1q…) address of a compressed public key, Bitcoin mainnet. */
export function btcAddress(publicKey: Uint8Array): string {
  const address = p2wpkh(publicKey, NETWORK).address;
  if (!address) throw new Error('p2wpkh gave no address');
  return address;
}

/** The bech32 prefixes of Bitcoin's networks: mainnet, testnet (3 and 4) and signet, regtest. */
const BTC_SEGWIT_PREFIXES = new Set(['bc', 'tb', 'bcrt']);

/**
 * A segwit output address of any Bitcoin network (bc1…, tb1…, bcrt1…) written as mainnet's, in
 * lower case: the same witness program, so the same key, in the form deposit addresses are kept
 * (a regtest node writes bcrt1q… where the app shows bc1q…). Null for any other address (base58
 * P2PKH and P2SH, which no deposit address is) and for what does not decode.
 */
export function btcSegwitAsMainnet(address: string): string | null {
  const lower = address.toLowerCase() as `${string}1${string}`;
  for (const codec of [bech32, bech32m]) {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = codec.decode(lower, 90);
    } catch {
      continue;
    }
    // Witness version 0 is written in bech32, versions 1 to 16 in bech32m (BIP-350).
    const version = decoded.words[0];
    if (
      !BTC_SEGWIT_PREFIXES.has(decoded.prefix) ||
      version === undefined ||
      version > 16 ||
      (version === 0) !== (codec === bech32)
    )
      return null;
    return codec.encode('bc', decoded.words, 90);
  }
  return null;
}

export function addressOf(family: DepositFamily, publicKey: Uint8Array): string {
  return family === 'evm' ? evmAddress(publicKey) : family === 'tron' ? tronAddress(publicKey) : btcAddress(publicKey);
}

export type AddressCheck =
  | { ok: true /** the address as shown: EIP-55, base58, lower-case bech32 */; address: string }
  | { ok: false; error: 'ADDRESS_INVALID' | 'ADDRESS_CHECKSUM_INVALID' };

const invalid: AddressCheck = { ok: false, error: 'ADDRESS_INVALID' };
const badChecksum: AddressCheck = { ok: false, error: 'ADDRESS_CHECKSUM_INVALID' };
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/** 0x and 40 hex digits; all lower or all upper case carries no checksum, mixed case must be EIP-55. */
export function checkEvmAddress(text: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return invalid;
  const digits = text.slice(2);
  const address = toChecksumAddress(digits);
  const uniform = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  return uniform || address === text ? { ok: true, address } : badChecksum;
}

/** Base58check of 0x41 and 20 bytes: 34 characters starting with T. */
export function checkTronAddress(text: string): AddressCheck {
  if (!new RegExp(`^T${BASE58}{33}$`).test(text)) return invalid;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    return badChecksum;
  }
  return bytes.length === 21 && bytes[0] === TRON_PREFIX ? { ok: true, address: text } : invalid;
}

/** Bitcoin mainnet: bech32 (bc1q…, segwit v0) or bech32m (bc1p…, taproot), or base58 P2PKH (1…) and P2SH (3…). */
export function checkBtcAddress(text: string): AddressCheck {
  const lower = text.toLowerCase();
  if (/^bc1[02-9ac-hj-np-z]{8,87}$/.test(lower) && (text === lower || text === text.toUpperCase())) {
    const decodes = (codec: typeof bech32) => {
      try {
        codec.decode(lower as `${string}1${string}`, 90);
        return true;
      } catch {
        return false;
      }
    };
    if (!decodes(bech32) && !decodes(bech32m)) return badChecksum;
    return decodesAsBtc(lower) ? { ok: true, address: lower } : invalid;
  }
  if (new RegExp(`^[13]${BASE58}{25,34}$`).test(text)) {
    try {
      base58check.decode(text);
    } catch {
      return badChecksum;
    }
    return decodesAsBtc(text) ? { ok: true, address: text } : invalid;
  }
  return invalid;
}

function decodesAsBtc(text: string): boolean {
  try {
    Address(NETWORK).decode(text);
    return true;
  } catch {
    return false;
  }
}

export function checkAddress(family: DepositFamily, text: string): AddressCheck {
  return family === 'evm' ? checkEvmAddress(text) : family === 'tron' ? checkTronAddress(text) : checkBtcAddress(text);
}

/**
 * The form an address is looked up by (the watcher's batches, duplicates in the address book):
 * lower-case hex on EVM chains (logs carry lower-case topics), lower-case bech32 on Bitcoin,
 * TRON's base58 as it is (base58 is case-sensitive; a TRON account given as 0x… or 41… hex, as
 * its logs carry it, is written in base58 first). Input must have passed `checkAddress`, or be
 * what the chain reports.
 */
export function addressLookup(family: DepositFamily, address: string): string {
  if (family === 'evm') return address.toLowerCase();
  if (family === 'tron' && TRON_HEX.test(address)) return tronAddressFromHex(address);
  if (family === 'btc' && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}
