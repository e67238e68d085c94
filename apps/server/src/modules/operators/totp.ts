import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * TOTP (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits, what every authenticator app reads) through
 * otplib 13 (docs/decisions/0062-operator-totp-with-otplib.md). A code is accepted one step either
 * side of the server's time (clock drift of the phone), and only for a step later than the last one
 * accepted: a code works once, and after it no code of that step or an earlier one does.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** How far either side of the server's time a code is accepted. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new random secret, base32 (160 bits). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app takes from a QR code. */
export function totpUri(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The code of `secret` at `nowMs` (tests and the command line's check). */
export function totpCodeAt(secret: string, nowMs: number): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000) });
}

/**
 * The time step a code belongs to, within the drift window around `nowMs`, or null when it is
 * wrong or too old. The caller accepts it only if the step is later than the last one accepted.
 */
export function totpStepOf(secret: string, code: string, nowMs: number): number | null {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    });
    // otplib's verify answers for HOTP or TOTP; a TOTP answer carries the step it matched.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed code or secret is a wrong code.
    return null;
  }
}
