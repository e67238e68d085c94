import type { ChainsConfig } from '../../config';
import type { BitcoinChainSettings } from './bitcoin-scanner';
import type { ScannerSettings } from './block-scanner';
import type { EvmChainSettings, EvmToken } from './evm-scanner';

/** The EVM-style chains a node can be configured for: Ethereum, and TRON through its Ethereum-compatible JSON-RPC. */
export type EvmChainName = 'ethereum' | 'tron';

/** What every scanner takes from the configuration: the start block of its chain, and the shared limits. */
function scannerSettings(config: ChainsConfig, chain: string, startBlock: number | undefined): ScannerSettings {
  return {
    chain,
    startBlock,
    blocksPerPoll: config.blocksPerPoll,
    keepBlocks: config.keepBlocks,
    pollMs: config.pollMs,
    backoffMs: config.backoffMs,
    backoffMaxMs: config.backoffMaxMs,
  };
}

/**
 * A chain's scanner settings from the configuration, or null when no node is configured for it.
 * `tokens`: the token contracts whose transfers are deposits (the deposits catalogue's, as 0x hex);
 * `nativeCoin`: the chain's own coin if its transfers are deposits, else null.
 */
export function evmSettingsFrom(
  config: ChainsConfig,
  chain: EvmChainName,
  tokens: readonly EvmToken[],
  nativeCoin: string | null,
): { rpcUrl: string; settings: EvmChainSettings } | null {
  const c = config[chain];
  if (!c.rpcUrl) return null;
  return {
    rpcUrl: c.rpcUrl,
    settings: {
      ...scannerSettings(config, chain, c.startBlock),
      chainId: c.chainId,
      nativeCoin,
      nativeDecimals: chain === 'tron' ? 6 : 18,
      tokens,
    },
  };
}

/** Bitcoin's scanner settings (`coin`: the catalogue's coin on the chain, BTC), or null when no node is configured. */
export function bitcoinSettingsFrom(
  config: ChainsConfig,
  coin: string,
): { rpcUrl: string; settings: BitcoinChainSettings } | null {
  const c = config.bitcoin;
  if (!c.rpcUrl) return null;
  return {
    rpcUrl: c.rpcUrl,
    settings: { ...scannerSettings(config, 'bitcoin', c.startBlock), network: c.network, coin },
  };
}
