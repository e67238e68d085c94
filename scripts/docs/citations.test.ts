import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenCitations } from './citations.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('citations of the docs', () => {
  it('every docs/<page>.md, §N and "Heading" the code and docs cite exists, and nothing cites a document outside the repository', () => {
    expect(brokenCitations(ROOT)).toEqual([]);
  });
});
