/** Accessibility: axe-core on the current page; serious and critical violations fail the journey. */
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Toasts and dialogs fade in and out (the app's toast, app/toast.css; antd-mobile's masks and
 * boxes): axe would judge
 * a half-transparent or closing one (its text's contrast over the page, a dialog on its way out).
 * Wait until every one is fully shown or gone; a settled one is checked like everything else.
 */
const OVERLAYS = '.app-toast__main, .adm-mask, .adm-center-popup-wrap, .adm-popup-body';

async function overlaysSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (selector) =>
        [...document.querySelectorAll(selector)].every((el) => {
          const style = getComputedStyle(el);
          return style.display === 'none' || style.opacity === '1' || style.opacity === '0';
        }),
      OVERLAYS,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

/**
 * A toast that starts to fade out while axe runs (it stays 2–3 s) would be judged half
 * transparent: axe runs with reduced motion (the app's base.css then makes every animation and
 * transition instant), so what it sees is either shown or gone. The journeys' contexts prefer
 * reduced motion already (harness/browser.ts); a page that did not keeps it after axe.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await overlaysSettled(page);
  // Only violations are read: axe then does not collect every passing node (much of its time on a large page).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(
    bad.length === 0,
    `${label}: ${bad.length} serious/critical accessibility violation(s):\n` +
      bad
        .map(
          (v) =>
            `  - ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 5)
              .join('\n    ')}`,
        )
        .join('\n'),
  );
}
