import { encodeFunctionData, keccak256, parseAbi, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/**
 * The hot wallet's signing path on EVM chains, kept apart from everything else so it can move to a
 * process of its own (docs/withdrawals.md "Signer"): it holds the private key and signs what it is
 * handed. No database and no network in here; the key is never exposed, only the address.
 */

/** An EIP-1559 (type 2) transaction, everything fixed by the caller (the nonce reserved, the fees chosen). */
export interface EvmTxToSign {
  chainId: number;
  nonce: number;
  to: Address;
  /** Wei. */
  value: bigint;
  data: Hex;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface SignedEvmTx {
  /** The serialized signed transaction, for eth_sendRawTransaction. */
  raw: Hex;
  /** Its hash (keccak256 of `raw`), lower case: the id the node and explorers know it by. */
  hash: Hex;
}

export interface EvmSigner {
  /** The hot wallet's address (EIP-55). */
  readonly address: Address;
  sign(tx: EvmTxToSign): Promise<SignedEvmTx>;
}

/** A signer over a private key (0x and 64 hex digits). */
export function evmSigner(privateKey: Hex): EvmSigner {
  const account: PrivateKeyAccount = privateKeyToAccount(privateKey);
  return {
    address: account.address,
    async sign(tx) {
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: tx.chainId,
        nonce: tx.nonce,
        to: tx.to,
        value: tx.value,
        data: tx.data,
        gas: tx.gas,
        maxFeePerGas: tx.maxFeePerGas,
        maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw).toLowerCase() as Hex };
    },
  };
}

const ERC20_TRANSFER_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

/** An ERC-20 `transfer(to, amount)` call's data (amount in the token's units). */
export function erc20TransferData(to: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: ERC20_TRANSFER_ABI, functionName: 'transfer', args: [to, amount] });
}
