import { addNamespace } from '../../lib/i18n/namespace';
import { TRADE_MESSAGES } from '../../locales/trade';

// The trade pages' strings in every language, registered when a chunk that shows them loads
// (locales/trade.ts says why they are apart); a language switch on these pages needs nothing
// more to load. Their keys are looked up as before, `t('orders.…')`: `trade` is a fallback
// namespace (lib/i18n), so the modules that use them import this file for its registration only.
addNamespace('trade', TRADE_MESSAGES);
