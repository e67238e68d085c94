import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { EmailSender, SmsSender } from './lib/messenger';

/** What every module is built from. Passed to each module's routes as plugin options. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** HMAC key for one-time codes. */
  secret: string;
  email: EmailSender;
  sms: SmsSender;
  log: FastifyBaseLogger;
}
