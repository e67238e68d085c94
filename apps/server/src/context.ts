import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { EmailSender, SmsSender } from './lib/messenger';
import type { DevChain } from './modules/chains';

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
  /**
   * The development chain this process runs (main.ts, on the embedded default with DEV_CHAIN; the
   * configuration then points Ethereum at it): the deposits module sends test coins through it.
   */
  devChain?: Pick<DevChain, 'send'>;
}
