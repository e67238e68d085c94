/** The market section of the server's configuration, read and validated once in src/config (docs/configuration.md). */
export type { MarketConfig } from '../../config';
