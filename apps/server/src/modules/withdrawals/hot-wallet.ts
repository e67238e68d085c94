import { privateKeyToAccount } from 'viem/accounts';
import type { DepositChainId } from '@app/contract';
import type { AppContext } from '../../context';
import { devHotKeyEvm } from '../deposits';

/**
 * Which chains have a withdrawal signer (docs/withdrawals.md "Signer"): Ethereum when its node is
 * configured and a hot key is available (WITHDRAW_HOT_KEY_EVM, or the development seed where
 * allowed). TRON and Bitcoin have none (docs/decisions/0095-withdrawal-signer-ethereum-only.md): TRON's JSON-RPC
 * cannot send transactions, and Bitcoin needs UTXO management. Reads no file and logs nothing.
 */
export function signerChains(ctx: AppContext): DepositChainId[] {
  const keyAvailable = ctx.config.withdrawals.hotKeyEvm !== undefined || ctx.config.deposits.devSeed;
  return ctx.config.chains.ethereum.rpcUrl && keyAvailable ? ['ethereum'] : [];
}

/**
 * The EVM hot wallet's private key: the configured one, or on the embedded default a development key
 * derived from the development seed (m/44'/60'/1'/0/0), with a loud warning; null when neither.
 */
export function evmHotKey(ctx: AppContext): `0x${string}` | null {
  const configured = ctx.config.withdrawals.hotKeyEvm;
  if (configured !== undefined) return configured;
  if (!ctx.config.deposits.devSeed) return null;
  const { privateKey, file, created } = devHotKeyEvm(ctx.config.dataDir);
  ctx.log.warn(
    { file, created },
    'withdrawals on EVM chains are signed with a hot-wallet key derived from a DEVELOPMENT seed kept in the data folder: for development only, never for real money (set WITHDRAW_HOT_KEY_EVM)',
  );
  return privateKey;
}

/** The EVM hot wallet's address (the configured key's, or the development key's), without a warning; null when neither. */
export function hotWalletAddress(ctx: AppContext): string | null {
  const key =
    ctx.config.withdrawals.hotKeyEvm ??
    (ctx.config.deposits.devSeed ? devHotKeyEvm(ctx.config.dataDir).privateKey : null);
  return key ? privateKeyToAccount(key).address : null;
}
