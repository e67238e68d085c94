/** The contracts section of the server's configuration, read and validated once in src/config (docs/configuration.md). */
export type { ContractConfig } from '../../config';
