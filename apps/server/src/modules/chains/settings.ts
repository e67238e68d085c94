import type { ChainsConfig } from '../../config';
import type { EvmChainSettings, EvmToken } from './evm-scanner';

/**
 * The Ethereum scanner's settings from the configuration, or null when no node is configured.
 * `tokens`: the token contracts whose transfers are deposits (the deposits catalogue's).
 */
export function evmSettingsFrom(config: ChainsConfig, tokens: readonly EvmToken[]): { rpcUrl: string; settings: EvmChainSettings } | null {
  const eth = config.ethereum;
  if (!eth.rpcUrl) return null;
  return {
    rpcUrl: eth.rpcUrl,
    settings: {
      chain: 'ethereum', chainId: eth.chainId, nativeCoin: 'ETH', nativeDecimals: 18, tokens,
      startBlock: eth.startBlock, blocksPerPoll: config.blocksPerPoll, keepBlocks: config.keepBlocks,
      pollMs: config.pollMs, backoffMs: config.backoffMs, backoffMaxMs: config.backoffMaxMs,
    },
  };
}
