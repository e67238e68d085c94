import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_FILE, artifactText, compileTestUsdt } from './compile';

describe('the test USDT token', () => {
  it('compiles (solc from npm) to exactly the committed ABI and bytecode', () => {
    // If this fails, TestUSDT.sol changed without `npm run chain:compile`.
    expect(fs.readFileSync(ARTIFACT_FILE, 'utf8')).toBe(artifactText(compileTestUsdt()));
  }, 60_000);
});
