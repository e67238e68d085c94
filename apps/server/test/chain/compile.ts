/**
 * Compiles the test USDT token (src/modules/chains/test-usdt/TestUSDT.sol: the development chain
 * deploys it at run time, so it lives with the server's code) with solc from npm (the compiler ships
 * inside the package as WebAssembly: nothing is downloaded). `npm run chain:compile` writes
 * TestUSDT.json beside it (ABI and bytecode); test-usdt.test.ts recompiles and compares, so the
 * committed artifact cannot drift from its source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import solc from 'solc';

const TOKEN_DIR = path.join(import.meta.dirname, '../../src/modules/chains/test-usdt');
export const SOURCE_FILE = path.join(TOKEN_DIR, 'TestUSDT.sol');
export const ARTIFACT_FILE = path.join(TOKEN_DIR, 'TestUSDT.json');

export interface TestUsdtArtifact {
  contractName: 'TestUSDT';
  compiler: string;
  evmVersion: string;
  abi: unknown[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: `0x${string}`;
}

/** A fixed target, so a newer anvil default does not change the bytecode. */
const EVM_VERSION = 'cancun';

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export function compileTestUsdt(): TestUsdtArtifact {
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDT.sol': { content: fs.readFileSync(SOURCE_FILE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: EVM_VERSION,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['TestUSDT.sol']?.TestUSDT;
  if (!contract) throw new Error('solc produced no TestUSDT');
  return {
    contractName: 'TestUSDT',
    compiler: solc.version() as string,
    evmVersion: EVM_VERSION,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

export function artifactText(a: TestUsdtArtifact): string {
  return `${JSON.stringify(a, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(ARTIFACT_FILE, artifactText(compileTestUsdt()));
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT_FILE)}`);
}
