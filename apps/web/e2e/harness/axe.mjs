/** Accessibility: axe-core on the current page; serious and critical violations fail the journey. */
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';

export async function expectAccessible(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(
    bad.length === 0,
    `${label}: ${bad.length} serious/critical accessibility violation(s):\n` +
      bad.map((v) => `  - ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`).join('\n'),
  );
}
