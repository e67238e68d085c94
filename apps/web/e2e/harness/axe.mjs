/** Accessibility: axe-core on the current page; serious and critical violations fail the journey. */
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';

/**
 * A toast fades in and out (antd-mobile animates its mask's opacity): axe would judge its text's
 * contrast half-transparent over the page. Wait until every toast is fully shown or gone; the
 * settled toast is checked like everything else.
 */
async function toastsSettled(page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll('.adm-toast-mask')].every((el) => {
      const style = getComputedStyle(el);
      return style.display === 'none' || style.opacity === '1' || style.opacity === '0';
    }), null, { timeout: 3_000 })
    .catch(() => undefined);
}

export async function expectAccessible(page, label) {
  await toastsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(
    bad.length === 0,
    `${label}: ${bad.length} serious/critical accessibility violation(s):\n` +
      bad.map((v) => `  - ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`).join('\n'),
  );
}
