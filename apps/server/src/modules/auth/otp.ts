import crypto from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_WAIT_S,
  OTP_TTL_MINUTES,
  type ErrorKey,
  type HeaderLang,
  type OtpPurpose,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hmacHex, timingSafeEqualHex } from '../../lib/secrets';
import { otpRepo } from './repository';
import { otpMessage } from './otp-messages';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OtpChannel = 'email' | 'sms';

export interface SendCodeInput {
  /** Lower-cased e-mail or E.164 phone. */
  destination: string;
  channel: OtpChannel;
  purpose: OtpPurpose;
  ip: string;
  lang: HeaderLang;
}

/**
 * One-time codes: 4 digits from a CSPRNG, stored as an HMAC, single use, valid for
 * 10 minutes, dead after 5 wrong tries, at most one per destination per 60 s, capped per
 * destination and per address per day. A newer code replaces the older one.
 */
export class OtpService {
  constructor(private readonly ctx: AppContext) {}

  private hash(destination: string, purpose: string, code: string): string {
    return hmacHex(this.ctx.secret, `${destination}|${purpose}|${code}`);
  }

  async send(input: SendCodeInput): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    const { db, clock, config } = this.ctx;
    const now = clock.now();
    const code = String(crypto.randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const row = await db.transaction(async (tx) => {
      await otpRepo.lockDestination(tx, input.destination);
      const last = await otpRepo.lastSentAt(tx, input.destination);
      if (last && now.getTime() - last.getTime() < OTP_RESEND_WAIT_S * 1000) throw new AppError('RESEND_TOO_SOON');
      const dayAgo = new Date(now.getTime() - DAY_MS);
      if ((await otpRepo.countSince(tx, 'destination', input.destination, dayAgo)) >= config.otpDailyPerDestination) {
        throw new AppError('OTP_DAILY_LIMIT');
      }
      if ((await otpRepo.countSince(tx, 'ip', input.ip, dayAgo)) >= config.otpDailyPerIp) {
        throw new AppError('OTP_DAILY_LIMIT');
      }
      await otpRepo.retireActive(tx, input.destination, input.purpose, now);
      return otpRepo.insert(tx, {
        destination: input.destination,
        channel: input.channel,
        purpose: input.purpose,
        codeHash: this.hash(input.destination, input.purpose, code),
        ip: input.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      });
    });

    const message = otpMessage(input.lang, code, OTP_TTL_MINUTES);
    try {
      if (input.channel === 'email') await this.ctx.email.sendEmail({ to: input.destination, ...message });
      else await this.ctx.sms.sendSms({ to: input.destination, text: message.text });
    } catch (err) {
      // Undelivered: forget the code, so the resend wait does not punish the user for our failure.
      this.ctx.log.error({ err, channel: input.channel }, 'code delivery failed');
      await otpRepo.delete(db, row.id);
      throw new AppError('INTERNAL_ERROR');
    }
    return { resendAfterSeconds: OTP_RESEND_WAIT_S, expiresInSeconds: OTP_TTL_MINUTES * 60 };
  }

  /**
   * Uses up the code, or throws CODE_INVALID / CODE_EXPIRED / CODE_ATTEMPTS_EXCEEDED.
   * Runs in its own transaction so a wrong try is counted even when the caller fails.
   */
  async consume(destination: string, purpose: OtpPurpose, code: string): Promise<void> {
    const now = this.ctx.clock.now();
    const failure = await this.ctx.db.transaction(async (tx): Promise<ErrorKey | null> => {
      await otpRepo.lockDestination(tx, destination);
      const row = await otpRepo.latestActive(tx, destination, purpose);
      if (!row) return 'CODE_INVALID';
      if (row.expiresAt.getTime() <= now.getTime()) return 'CODE_EXPIRED';
      if (row.attempts >= OTP_MAX_WRONG_TRIES) return 'CODE_ATTEMPTS_EXCEEDED';
      if (!timingSafeEqualHex(row.codeHash, this.hash(destination, purpose, code))) {
        await otpRepo.addAttempt(tx, row.id);
        return 'CODE_INVALID';
      }
      await otpRepo.consume(tx, row.id, now);
      return null;
    });
    if (failure) throw new AppError(failure);
  }
}
