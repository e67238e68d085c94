/** What the signer's benchmark uses of the signing path, beside the face (bench:withdrawals; not for shipped code). */
export { erc20TransferData, evmSigner } from './evm-signing';
export { openingFees } from './signer';
