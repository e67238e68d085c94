import { KYC_DOCUMENT_TYPES, type KycDocumentType } from '@app/contract';
import { ConfigError, optionalStr, type Env } from '../lib/env';

/** Settings of identity verification. */
export interface KycConfig {
  /**
   * The document types accepted per nationality (ISO 3166-1 alpha-2), and under `*` for every
   * country not listed.
   */
  documentTypes: Readonly<Record<string, readonly KycDocumentType[]>>;
}

/**
 * `KYC_DOCUMENT_TYPES`: `;`-separated `<country or *>=<type>,<type>…`, e.g.
 * `*=id_card,passport,driving_licence;US=passport,driving_licence`. Default: all three types
 * for every country.
 */
export function loadKycConfig(env: Env): KycConfig {
  const raw = optionalStr(env, 'KYC_DOCUMENT_TYPES');
  const documentTypes: Record<string, readonly KycDocumentType[]> = { '*': KYC_DOCUMENT_TYPES };
  if (raw === undefined) return { documentTypes };
  const bad = () =>
    new ConfigError(
      'KYC_DOCUMENT_TYPES',
      raw,
      `entries <country or *>=<type>,… separated by ; with types from ${KYC_DOCUMENT_TYPES.join(', ')}`,
    );
  for (const entry of raw
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [country, list, ...rest] = entry.split('=');
    if (rest.length || !country || !list || !/^(\*|[A-Z]{2})$/.test(country.trim())) throw bad();
    const types = list.split(',').map((t) => t.trim());
    if (!types.every((t): t is KycDocumentType => (KYC_DOCUMENT_TYPES as readonly string[]).includes(t))) throw bad();
    documentTypes[country.trim()] = [...new Set(types)];
  }
  return { documentTypes };
}
