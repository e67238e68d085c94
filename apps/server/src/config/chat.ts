import { int, type Env } from '../lib/env';

/** Settings of the customer-service chat (docs/configuration.md "Customer-service chat", docs/chat.md). */
export interface ChatSettings {
  /** An operator reply the user has not read this many seconds after it was sent becomes a `chat.reply` notification. */
  notifyAfterSeconds: number;
  /** The offline-reply job (engine role): the pause between its passes. */
  jobIntervalMs: number;
}

export function loadChatConfig(env: Env): ChatSettings {
  return {
    notifyAfterSeconds: int(env, 'CHAT_NOTIFY_AFTER_SECONDS', 60, 1, 86_400),
    jobIntervalMs: int(env, 'CHAT_NOTIFY_INTERVAL_MS', 10_000, 20, 3_600_000),
  };
}
