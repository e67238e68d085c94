import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_COLUMNS, type DashboardLayout, type DashboardPanelId } from '@app/contract';
import { canMove, DEFAULT_LAYOUT, movePanel, placePanel, setHidden, type Move } from './layout-model';
import { useDashboardText } from './strings';
import '../../../components/confirm-modal.css';
import '../../../features/trade/strings';

/** Each panel's name as its heading on the dashboard says it. */
export function usePanelNames(): (id: DashboardPanelId) => string {
  const { t } = useTranslation();
  const d = useDashboardText();
  const names: Record<DashboardPanelId, string> = {
    markets: d('markets'),
    chart: d('layout.panelChart'),
    orders: d('orders'),
    book: t('chart.orderBook'),
    trades: d('layout.panelTrades'),
    entry: t('orders.entry'),
    account: d('account'),
  };
  return (id) => names[id];
}

const MOVES: { move: Move; key: 'moveUp' | 'moveDown' | 'movePrevious' | 'moveNext'; glyph: string }[] = [
  { move: 'up', key: 'moveUp', glyph: '↑' },
  { move: 'down', key: 'moveDown', glyph: '↓' },
  { move: 'previous', key: 'movePrevious', glyph: '←' },
  { move: 'next', key: 'moveNext', glyph: '→' },
];

/**
 * The "Customise layout" dialog (native modal `<dialog>`, as components/confirm-modal.tsx): the
 * four columns with their panels in order, each with a show/hide checkbox and buttons to move it
 * up, down or to the column beside (or dragged there); every change applies at once and is announced. After a move
 * the focus stays on the same button of the moved panel (or its checkbox when that move is no
 * longer possible), so a keyboard user can press it again.
 */
export function LayoutDialog({
  layout,
  signedIn,
  onChange,
  onClose,
}: {
  layout: DashboardLayout;
  signedIn: boolean;
  onChange: (next: DashboardLayout) => void;
  onClose: () => void;
}) {
  const d = useDashboardText();
  const name = usePanelNames();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState<{ id: DashboardPanelId; move: Move } | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    if (!refocus) return;
    const item = dialog.current?.querySelector(`[data-panel="${refocus.id}"]`);
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${refocus.move}"]`);
    (button && !button.disabled ? button : item?.querySelector<HTMLInputElement>('input'))?.focus();
    setRefocus(null);
  }, [refocus]);

  const visibleCount = layout.panels.filter((p) => !p.hidden).length;

  const [dragged, setDragged] = useState<DashboardPanelId | null>(null);
  const [dropColumn, setDropColumn] = useState<number | null>(null);

  const apply = (id: DashboardPanelId, next: DashboardLayout) => {
    const place = next.panels.find((p) => p.id === id);
    if (!place || next === layout) return;
    const position = next.panels.filter((p) => p.column === place.column).indexOf(place) + 1;
    onChange(next);
    setAnnouncement(d('layout.moved', { panel: name(id), column: place.column + 1, position }));
  };
  const move = (id: DashboardPanelId, how: Move) => {
    apply(id, movePanel(layout, id, how));
    setRefocus({ id, move: how });
  };
  // Dragging (a mouse's shortcut for the buttons): dropped on a panel it goes before it, elsewhere in a column to its end.
  const drop = (column: number, before: DashboardPanelId | null) => {
    if (dragged) apply(dragged, placePanel(layout, dragged, column, before));
    setDragged(null);
    setDropColumn(null);
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-modal dash-layout"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-modal__title">
        {d('layout.customise')}
      </h2>
      <p id={introId} className="dash-layout__intro">
        {d('layout.intro')} {signedIn ? d('layout.savedAccount') : d('layout.savedBrowser')}
      </p>
      <div className="dash-layout__columns">
        {Array.from({ length: DASHBOARD_COLUMNS }, (_, column) => {
          const panels = layout.panels.filter((p) => p.column === column);
          const headingId = `${titleId}-column-${column}`;
          return (
            <section
              key={column}
              className={`dash-layout__column${dropColumn === column ? ' is-drop-target' : ''}`}
              aria-labelledby={headingId}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                setDropColumn(column);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropColumn(null);
              }}
              onDrop={(event) => {
                event.preventDefault();
                drop(column, null);
              }}
            >
              <h3 id={headingId} className="dash-layout__heading">
                {d('layout.column', { number: column + 1 })}
              </h3>
              {panels.length === 0 ? (
                <p className="dash-layout__empty">{d('layout.empty')}</p>
              ) : (
                <ul className="dash-layout__list">
                  {panels.map((p) => (
                    <li
                      key={p.id}
                      className={`dash-layout__panel${p.hidden ? ' is-hidden' : ''}${dragged === p.id ? ' is-dragged' : ''}`}
                      data-panel={p.id}
                      draggable
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', p.id);
                        setDragged(p.id);
                      }}
                      onDragEnd={() => {
                        setDragged(null);
                        setDropColumn(null);
                      }}
                      onDrop={(event) => {
                        event.preventDefault();
                        event.stopPropagation();
                        drop(column, p.id);
                      }}
                    >
                      <label className="dash-layout__show">
                        <input
                          type="checkbox"
                          checked={!p.hidden}
                          // The last panel on screen stays: an empty dashboard has nothing to show.
                          disabled={!p.hidden && visibleCount === 1}
                          onChange={(event) => {
                            onChange(setHidden(layout, p.id, !event.target.checked));
                            setAnnouncement(
                              d(event.target.checked ? 'layout.shown' : 'layout.hidden', { panel: name(p.id) }),
                            );
                          }}
                        />
                        {name(p.id)}
                      </label>
                      <div className="dash-layout__moves">
                        {MOVES.map(({ move: how, key, glyph }) => {
                          const label = d(`layout.${key}`, { panel: name(p.id) });
                          return (
                            <button
                              key={how}
                              type="button"
                              className="dash-layout__move"
                              data-move={how}
                              aria-label={label}
                              title={label}
                              disabled={!canMove(layout, p.id, how)}
                              onClick={() => move(p.id, how)}
                            >
                              <span aria-hidden="true">{glyph}</span>
                            </button>
                          );
                        })}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="confirm-modal__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onChange(DEFAULT_LAYOUT);
            setAnnouncement(d('layout.resetDone'));
          }}
        >
          {d('layout.reset')}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          {d('layout.done')}
        </button>
      </div>
    </dialog>
  );
}
