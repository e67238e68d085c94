import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers e-mail. */
export interface EmailSender {
  sendEmail(msg: OutgoingMessage): Promise<void>;
}

/** Delivers SMS. A real provider (an SMS gateway's HTTP API) implements this same face. */
export interface SmsSender {
  sendSms(msg: Omit<OutgoingMessage, 'subject'>): Promise<void>;
}

/**
 * The default for both channels when no provider is configured: every message becomes a
 * file in `<dataDir>/outbox/` and a log line, so a local user can read their code.
 */
export class OutboxSender implements EmailSender, SmsSender {
  constructor(
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async sendEmail(msg: OutgoingMessage): Promise<void> {
    await this.write('email', msg.to, `To: ${msg.to}\nSubject: ${msg.subject}\n\n${msg.text}\n`);
  }

  async sendSms(msg: Omit<OutgoingMessage, 'subject'>): Promise<void> {
    await this.write('sms', msg.to, `To: ${msg.to}\n\n${msg.text}\n`);
  }

  private async write(channel: string, to: string, body: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const safeTo = to.replace(/[^A-Za-z0-9@.+_-]/g, '_').slice(0, 80);
    // Sortable by time; the random part keeps two messages in one millisecond apart.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}-${channel}-${safeTo}.txt`;
    const file = path.join(this.dir, name);
    await fs.writeFile(file, body, { mode: 0o600 });
    this.log.info({ channel, to, file }, 'message written to outbox');
  }
}

/** E-mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://...). */
export class SmtpSender implements EmailSender {
  private readonly transport: nodemailer.Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async sendEmail(msg: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.text });
  }
}
