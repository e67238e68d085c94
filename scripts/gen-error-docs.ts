/**
 * Writes docs/error-codes.md from the catalogue in packages/contract (run: npm run docs:errors).
 * A test fails when the committed page and the catalogue differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderErrorDocs } from '../packages/contract/src/error-docs';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/error-codes.md');
fs.writeFileSync(out, renderErrorDocs());
console.log(`wrote ${out}`);
