import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DASHBOARD_PANELS, type DashboardPanelId } from '@app/contract';
import { STORAGE_KEYS } from '../../../lib/session/storage';
import { renderWithProviders } from '../../../test/render';
import { DashboardGrid } from './dashboard-grid';
import { LayoutDialog, usePanelNames } from './layout-dialog';
import { useDashboardLayout } from './use-dashboard-layout';

/**
 * The "Customise layout" dialog over the dashboard's grid, wired as the dashboard wires them
 * (dashboard-panels.tsx): a visitor's arrangement (use-dashboard-layout.ts, kept in this browser),
 * each panel a box with its name, and the dialog changing the arrangement.
 */
function CustomisedDashboard() {
  const { layout, signedIn, change } = useDashboardLayout();
  const name = usePanelNames();
  const [open, setOpen] = useState(true);
  const panels: Partial<Record<DashboardPanelId, ReactNode>> = {};
  for (const id of DASHBOARD_PANELS) panels[id] = <p>{name(id)}</p>;
  return (
    <>
      <DashboardGrid shown={layout} top={null} panels={panels} />
      {open ? (
        <LayoutDialog layout={layout} signedIn={signedIn} onChange={change} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

const ALL = ['markets', 'chart', 'orders', 'book', 'trades', 'entry', 'account'];

/** The panels the dashboard shows, in reading order. */
const shownPanels = () =>
  [...screen.getByTestId('dashboard').querySelectorAll<HTMLElement>('[data-panel]')].map((slot) => slot.dataset.panel);
/** The panels of one column of the dashboard's grid (1-based, as CSS numbers them). */
const panelsInColumn = (column: number) =>
  [...screen.getByTestId('dashboard').querySelectorAll<HTMLElement>('[data-panel]')]
    .filter((slot) => slot.style.gridColumn === String(column))
    .map((slot) => slot.dataset.panel);

function openDialog() {
  const view = renderWithProviders(<CustomisedDashboard />);
  const dialog = screen.getByRole('dialog', { name: 'Customise layout' });
  const box = (name: string) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name });
  return { ...view, dialog, box };
}

/** The words announced to screen readers after a change (the dialog's polite live region). */
const announced = (dialog: HTMLElement) => dialog.querySelector('[aria-live="polite"]')?.textContent;

describe('the dashboard layout dialog', () => {
  it('lists every panel ticked, in its column, and says a visitor’s layout stays in this browser', () => {
    const { dialog, box } = openDialog();
    expect(shownPanels()).toEqual(ALL);
    for (const name of ['Markets', 'Chart', 'Orders', 'Order book', 'Recent trades', 'Place an order', 'Account'])
      expect(box(name).checked).toBe(true);
    const column = (n: number) =>
      within(within(dialog).getByRole('region', { name: `Column ${n}` }))
        .getAllByRole('checkbox')
        .map((b) => b.parentElement?.textContent);
    expect([column(1), column(2), column(3), column(4)]).toEqual([
      ['Markets'],
      ['Chart', 'Orders'],
      ['Order book', 'Recent trades'],
      ['Place an order', 'Account'],
    ]);
    expect(dialog.textContent).toContain('Saved in this browser. Log in to keep it on every device.');
  });

  it('hides a panel from the dashboard when its box is unticked, and shows it again when ticked', async () => {
    const { user, dialog, box } = openDialog();

    await user.click(box('Order book'));
    expect(box('Order book').checked).toBe(false);
    expect(shownPanels()).toEqual(['markets', 'chart', 'orders', 'trades', 'entry', 'account']);
    expect(announced(dialog)).toBe('Order book hidden');

    await user.click(box('Order book'));
    expect(box('Order book').checked).toBe(true);
    expect(shownPanels()).toEqual(ALL);
    expect(announced(dialog)).toBe('Order book shown');
  });

  it('keeps the last panel on screen: its box cannot be unticked', async () => {
    const { user, box } = openDialog();
    for (const name of ['Markets', 'Chart', 'Orders', 'Order book', 'Recent trades', 'Place an order'])
      await user.click(box(name));
    expect(shownPanels()).toEqual(['account']);
    expect(box('Account').disabled).toBe(true);

    await user.click(box('Account'));
    expect(box('Account').checked).toBe(true);
    expect(shownPanels()).toEqual(['account']);

    // Another panel back on screen: the last one may go again.
    await user.click(box('Markets'));
    expect(box('Account').disabled).toBe(false);
  });

  it('moves a panel to the next column with its button, on the dashboard too', async () => {
    const { user, dialog } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Move Markets to the next column' }));
    // Column 1 is empty now: it takes no room, and the chart's column is the grid's first.
    expect(within(within(dialog).getByRole('region', { name: 'Column 1' })).getByText('No panels')).toBeTruthy();
    expect(panelsInColumn(1)).toEqual(['chart', 'orders', 'markets']);
    expect(announced(dialog)).toBe('Markets: column 2, position 3');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Move Markets down' }).disabled).toBe(true);
  });

  it('resets to the default layout: every panel shown, each in its first column', async () => {
    const { user, dialog, box } = openDialog();
    await user.click(box('Order book'));
    await user.click(box('Recent trades'));
    await user.click(within(dialog).getByRole('button', { name: 'Move Account to the previous column' }));
    expect(shownPanels()).toEqual(['markets', 'chart', 'orders', 'account', 'entry']);

    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(shownPanels()).toEqual(ALL);
    expect(box('Order book').checked).toBe(true);
    expect(box('Recent trades').checked).toBe(true);
    expect(panelsInColumn(4)).toEqual(['entry', 'account']);
    expect(announced(dialog)).toBe('Default layout restored');
  });

  it('keeps a visitor’s changes in this browser, so the dashboard opens with them next time', async () => {
    const { user, box, unmount } = openDialog();
    await user.click(box('Recent trades'));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.dashboardLayout) ?? 'null')).toMatchObject({
      panels: expect.arrayContaining([{ id: 'trades', column: 2, hidden: true }]),
    });
    unmount();

    renderWithProviders(<CustomisedDashboard />);
    expect(shownPanels()).toEqual(['markets', 'chart', 'orders', 'book', 'entry', 'account']);
  });

  it('closes with Done', async () => {
    const { user, dialog } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
