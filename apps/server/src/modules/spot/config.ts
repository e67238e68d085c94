/** The spot section of the server's configuration, read and validated once in src/config (docs/configuration.md). */
export type { SpotConfig } from '../../config';
