import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const scryptAsync = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LEN = 32;
const BLOCK_SIZE = 8;

/**
 * scrypt (memory-hard) with a per-hash salt. The stored form carries its parameters,
 * `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, KEY_LEN, {
    N: cost,
    r: BLOCK_SIZE,
    p: 1,
    maxmem: 256 * cost * BLOCK_SIZE,
  });
  return ['scrypt', cost, BLOCK_SIZE, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n),
    R = Number(r),
    P = Number(p);
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: 256 * N * R,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** An opaque 256-bit session token, base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function hmacHex(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('hex');
}

export function timingSafeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Secrets the server must read back (an operator's TOTP secret) are kept sealed: AES-256-GCM
 * under a key derived from the app secret for one purpose (HKDF-SHA256), so a copy of the
 * database alone does not give them away, and a sealed value moved to another purpose does not
 * open. Stored as `aesgcm$iv$ciphertext$tag` (base64url).
 */
export function sealer(appSecret: string, purpose: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', appSecret, Buffer.alloc(0), purpose, 32));
  const aad = Buffer.from(purpose);
  return {
    seal(plaintext: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['aesgcm', iv, ct, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('$');
    },
    /** The plaintext, or null when the value is not sealed, was altered, or was sealed under another secret or purpose. */
    open(sealed: string): string | null {
      const [alg, iv, ct, tag] = sealed.split('$');
      if (alg !== 'aesgcm' || !iv || ct === undefined || !tag) return null;
      try {
        const decipher = crypto
          .createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
          .setAAD(aad)
          .setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The configured secret, or one generated once and kept in the data folder (mode 0600). */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    // Written whole under a temporary name, then linked into place: a process starting at the same
    // moment never reads a half-written (empty) file, and the first link wins.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, secret, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim(); // another process wrote it first
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
}
