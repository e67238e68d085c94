/**
 * Which rows of the dashboard's markets list and order book a live update renders and touches
 * (issue 15: "React re-renders only the rows that changed"). Used by the desktop dashboard journey
 * and by `npm run bench:desktop-fps`.
 *
 * - Renders: React calls the hook React DevTools installs (`__REACT_DEVTOOLS_GLOBAL_HOOK__`) on
 *   every commit, production builds included. `rowRenderHook` (an init script: it must be in the
 *   page before React) walks each committed tree to the rows (`<tr>` in a panel's `<tbody>`): a
 *   row's component rendered in a commit when its fiber is new since the last commit and did work
 *   (a memo bail-out clones the fiber without React's PerformedWork flag). A rendered row whose
 *   HTML is the same as after the previous commit rendered for nothing.
 * - DOM: a MutationObserver on both panels; a touched row whose HTML did not change was written
 *   for nothing.
 *
 * `startRowCheck(page)` starts both, `stopRowCheck(page)` stops them and answers per panel the
 * updates seen, the rows shown, rendered, touched and changed, and up to 10 needless ones.
 */

import type { Page } from 'playwright-core';

type Panel = 'markets' | 'book';
const PANELS: Panel[] = ['markets', 'book'];
type PerPanel = Record<Panel, number>;

/** What rowRenderHook records in the page (`window.__renders`). */
interface RowRenders {
  on: boolean;
  commits: PerPanel;
  rendered: PerPanel;
  changed: PerPanel;
  unchanged: string[];
}

/** What the MutationObserver of startRowCheck records in the page. */
interface DomRows {
  updates: PerPanel;
  shown: PerPanel;
  touched: PerPanel;
  changed: PerPanel;
  needless: string[];
}

/** The part of a React fiber the hook reads. */
interface Fiber {
  tag: number;
  type: unknown;
  stateNode: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
  flags: number;
}

declare global {
  interface Window {
    /** The hook React DevTools would install; React calls it on every commit. */
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: {
      supportsFiber: boolean;
      renderers: Map<number, unknown>;
      inject: () => number;
      checkDCE: () => void;
      onCommitFiberUnmount: () => void;
      onPostCommitFiberRoot: () => void;
      onCommitFiberRoot: (id: number, root: { current: Fiber }) => void;
    };
    __renders?: RowRenders;
    __rowCheck?: () => { dom: DomRows; renders: RowRenders };
  }
}

/** One panel's figures of a row check. */
export interface PanelRows {
  updates: number;
  shown: number;
  touched: number;
  domChanged: number;
  commits: number;
  rendered: number;
  changed: number;
}

/** What stopRowCheck answers. */
export interface RowCheck {
  panels: Record<Panel, PanelRows>;
  needless: string[];
}

/*
 * rowRenderHook and startInPage run in the page (Playwright sends their source). Under tsx, esbuild's
 * keepNames wraps a named inner function (`const f = () => ...`, `function f`, `{ p: () => ... }`) in
 * `__name(...)`, a helper the page does not have: they use method shorthand and inline functions only.
 */

/** Init script: the DevTools hook that records row renders once `window.__renders.on` is set. */
export function rowRenderHook(): void {
  const renders: RowRenders = {
    on: false,
    commits: { markets: 0, book: 0 },
    rendered: { markets: 0, book: 0 },
    changed: { markets: 0, book: 0 },
    unchanged: [],
  };
  const seen = new WeakMap<Element, Fiber | null>();
  const html = new WeakMap<Element, string>();
  const PERFORMED_WORK = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map<number, unknown>(),
    inject() {
      return 1;
    },
    checkDCE() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!renders.on) return;
      const panels = new Set<Panel>();
      const stack = [root.current];
      for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
        const el = fiber.stateNode;
        // A host component (tag 5) <tr> in a table body of one of the two panels.
        if (fiber.tag !== 5 || fiber.type !== 'tr' || !(el instanceof Element) || el.parentElement?.tagName !== 'TBODY')
          continue;
        const panel = el.closest('.dash-markets')
          ? 'markets'
          : el.closest('[data-testid="dash-order-book"]')
            ? 'book'
            : null;
        if (!panel) continue;
        const owner = fiber.return;
        const rendered = owner !== seen.get(el) && ((owner?.flags ?? 0) & PERFORMED_WORK) !== 0;
        const first = !seen.has(el);
        seen.set(el, owner);
        const now = el.outerHTML;
        const before = html.get(el);
        html.set(el, now);
        if (!rendered || first) continue;
        panels.add(panel);
        renders.rendered[panel] += 1;
        if (before !== now) renders.changed[panel] += 1;
        else if (renders.unchanged.length < 10) renders.unchanged.push(`${panel}: ${now.slice(0, 200)}`);
      }
      for (const panel of panels) renders.commits[panel] += 1;
    },
  };
  window.__renders = renders;
}

/** In the page: the MutationObserver, and the render tracking switched on. */
function startInPage(): void {
  const dash = {
    rows(): Element[] {
      return [...document.querySelectorAll('.dash-markets tbody tr, [data-testid="dash-order-book"] tbody tr')];
    },
    panelOf(row: Element): Panel {
      return row.closest('.dash-markets') ? 'markets' : 'book';
    },
  };
  let snapshot = new Map(dash.rows().map((r) => [r, r.outerHTML]));
  const dom: DomRows = {
    updates: { markets: 0, book: 0 },
    shown: { markets: 0, book: 0 },
    touched: { markets: 0, book: 0 },
    changed: { markets: 0, book: 0 },
    needless: [],
  };
  const observer = new MutationObserver((records) => {
    const touched = new Set<HTMLTableRowElement>();
    for (const r of records) {
      const node = r.target instanceof Element ? r.target : r.target.parentElement;
      const row = node?.closest('tr');
      if (row?.closest('tbody')) touched.add(row);
    }
    const rows = dash.rows();
    const panels = new Set<Panel>();
    for (const row of touched) {
      if (!row.isConnected) continue;
      const panel = dash.panelOf(row);
      panels.add(panel);
      dom.touched[panel] += 1;
      const before = snapshot.get(row);
      if (before === undefined || before !== row.outerHTML) dom.changed[panel] += 1;
      else if (dom.needless.length < 10) dom.needless.push(`${panel}: ${row.outerHTML.slice(0, 200)}`);
    }
    for (const panel of panels) {
      dom.updates[panel] += 1;
      dom.shown[panel] += rows.filter((r) => dash.panelOf(r) === panel).length;
    }
    snapshot = new Map(rows.map((r) => [r, r.outerHTML]));
  });
  for (const el of document.querySelectorAll('.dash-markets tbody, [data-testid="dash-order-book"]')) {
    observer.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  const renders = window.__renders;
  if (!renders) throw new Error('rowRenderHook was not installed before the app');
  renders.on = true;
  window.__rowCheck = () => {
    observer.disconnect();
    renders.on = false;
    return { dom, renders };
  };
}

export async function startRowCheck(page: Page): Promise<void> {
  await page.evaluate(startInPage);
}

/**
 * Stops the check. Per panel: `updates` (DOM updates), `commits` (React commits that rendered
 * its rows), `shown` (rows per DOM update), `rendered`, `touched`, `changed` (rows in all); and
 * `needless`: rows rendered or touched without a change (empty when only changed rows render).
 */
export async function stopRowCheck(page: Page): Promise<RowCheck> {
  const { dom, renders } = await page.evaluate(() => {
    if (!window.__rowCheck) throw new Error('startRowCheck was not called');
    return window.__rowCheck();
  });
  const counts = (p: Panel): PanelRows => ({
    updates: dom.updates[p],
    shown: dom.shown[p],
    touched: dom.touched[p],
    domChanged: dom.changed[p],
    commits: renders.commits[p],
    rendered: renders.rendered[p],
    changed: renders.changed[p],
  });
  const panels = { markets: counts('markets'), book: counts('book') };
  return {
    panels,
    needless: [...renders.unchanged.map((r) => `rendered ${r}`), ...dom.needless.map((r) => `touched ${r}`)],
  };
}

/** One line per panel: how many rows an update shows, renders, touches and changes. */
export function describeRowCheck({ panels }: RowCheck, seconds: number): string[] {
  const per = (n: number, d: number) => (d ? (n / d).toFixed(1) : '0');
  return PANELS.map((p) => {
    const x = panels[p];
    return (
      `${p}: ${x.commits} commits rendering its rows in ${seconds} s; per commit ${per(x.rendered, x.commits)} rows rendered, ${per(x.changed, x.commits)} of them changed; ` +
      `per DOM update ${per(x.shown, x.updates)} rows shown, ${per(x.touched, x.updates)} touched, ${per(x.domChanged, x.updates)} changed`
    );
  });
}
