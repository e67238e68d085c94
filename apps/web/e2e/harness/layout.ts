/**
 * Whether what a screen shows is whole (issue 34: tabs cut at a panel's edge or hidden behind a
 * scroll hint, a button below its panel's bottom, a placeholder cut by its field, a demo notice
 * drawn over the totals, a button running past its card). One pass over the page answers every
 * fault it finds, named, so a journey can assert none at each window size it looks at.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export interface LayoutCheck {
  /**
   * Elements that must show whole: not wider or taller than their own box (a word cut by it), inside
   * every ancestor that clips or scrolls (the panel, a tab row), inside the window's width, and
   * inside the closest ancestor matching `within` when given.
   */
  whole?: string;
  within?: string;
  /** Containers whose shown children must not overlap one another. */
  apart?: string;
  /** Elements that must not overlap one another (text drawn over text), wherever their boxes sit. */
  distinct?: string;
  /** Empty inputs whose placeholder must fit the room inside them. */
  placeholders?: string;
}

/** Every fault on the page now, one line each ("cut: button "Transfer" …"); none when the layout is whole. */
export async function layoutFaults(page: Page, check: LayoutCheck): Promise<string[]> {
  return page.evaluate(({ whole, within, apart, distinct, placeholders }) => {
    const faults: string[] = [];
    // Method shorthand, not named functions: tsx would wrap those in a `__name` the page lacks (run.ts).
    const h = {
      name(el: Element): string {
        const text = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).placeholder || '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40);
        return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${text}"`;
      },
      shown(el: Element): boolean {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      },
      box(r: DOMRect): string {
        return [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
      },
    };
    if (whole) {
      for (const el of document.querySelectorAll(whole)) {
        if (!h.shown(el)) continue;
        const r = el.getBoundingClientRect();
        if (el instanceof HTMLElement && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
          faults.push(`cut: ${h.name(el)} is ${el.clientWidth} px wide for ${el.scrollWidth} px of content`);
        if (el instanceof HTMLElement && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1)
          faults.push(`cut: ${h.name(el)} is ${el.clientHeight} px high for ${el.scrollHeight} px of content`);
        if (r.left < -0.5 || r.right > innerWidth + 0.5)
          faults.push(`outside the window: ${h.name(el)} at ${h.box(r)}`);
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          const b = a.getBoundingClientRect();
          const x = s.overflowX !== 'visible' && (r.left < b.left - 1 || r.right > b.right + 1);
          const y = s.overflowY !== 'visible' && (r.top < b.top - 1 || r.bottom > b.bottom + 1);
          if (x || y) faults.push(`clipped: ${h.name(el)} at ${h.box(r)} by ${h.name(a)} at ${h.box(b)}`);
        }
        const outer = within ? el.parentElement?.closest(within) : null;
        if (outer) {
          const b = outer.getBoundingClientRect();
          if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1)
            faults.push(`past its box: ${h.name(el)} at ${h.box(r)}, ${h.name(outer)} at ${h.box(b)}`);
        }
      }
    }
    if (apart) {
      for (const container of document.querySelectorAll(apart)) {
        const children = [...container.children].filter((c) => h.shown(c));
        for (let i = 0; i < children.length; i++) {
          for (let j = i + 1; j < children.length; j++) {
            const a = (children[i] as Element).getBoundingClientRect();
            const b = (children[j] as Element).getBoundingClientRect();
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const hgt = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 1 && hgt > 1)
              faults.push(
                `overlap: ${h.name(children[i] as Element)} at ${h.box(a)} and ${h.name(children[j] as Element)} at ${h.box(b)}`,
              );
          }
        }
      }
    }
    if (distinct) {
      const els = [...document.querySelectorAll(distinct)].filter((el) => h.shown(el));
      for (let i = 0; i < els.length; i++) {
        for (let j = i + 1; j < els.length; j++) {
          const [p, q] = [els[i] as Element, els[j] as Element];
          if (p.contains(q) || q.contains(p)) continue;
          const a = p.getBoundingClientRect();
          const b = q.getBoundingClientRect();
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const hgt = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && hgt > 1) faults.push(`drawn over: ${h.name(p)} at ${h.box(a)} and ${h.name(q)} at ${h.box(b)}`);
        }
      }
    }
    if (placeholders) {
      // The placeholder's words put in as the value for a moment (in the same task: never painted):
      // the field's own text box then says whether they fit, its buttons (a search's clear) counted.
      for (const el of document.querySelectorAll<HTMLInputElement>(placeholders)) {
        if (!el.placeholder || el.value || !h.shown(el)) continue;
        el.value = el.placeholder;
        const [room, needed] = [el.clientWidth, el.scrollWidth];
        el.value = '';
        if (needed > room + 1) faults.push(`placeholder cut: ${h.name(el)} needs ${needed} px, has ${room} px`);
      }
    }
    return faults;
  }, check);
}

/** Fails with every fault found when the screen is not whole. */
export async function expectWholeLayout(page: Page, label: string, check: LayoutCheck): Promise<void> {
  const faults = await layoutFaults(page, check);
  assert.deepEqual(faults, [], `${label}: ${faults.length} layout fault(s):\n${faults.join('\n')}`);
}

/**
 * Fails when the toast now on screen covers one of `targets` (issue 34: the desktop's 24 h figures,
 * the phone's contract/spot switch). Waits for the toast first.
 */
export async function expectToastClear(page: Page, label: string, targets: Record<string, Locator>): Promise<void> {
  const toast = page.locator('.app-toast__main').first();
  await toast.waitFor();
  const box = await toast.boundingBox();
  assert(box, `${label}: the toast is not laid out`);
  for (const [name, target] of Object.entries(targets)) {
    const other = await target.boundingBox();
    assert(other, `${label}: ${name} is not laid out`);
    const covers =
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    assert(!covers, `${label}: the toast ${JSON.stringify(box)} covers ${name} ${JSON.stringify(other)}`);
  }
}
