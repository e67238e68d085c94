import type { ComponentType } from 'react';

const cards = new Map<ComponentType, ComponentType>();

/**
 * A feature's account form (log in, register, verify, select country, language) as a desktop
 * page: as the best exchange web apps show them, a card in the middle of the desktop frame. The
 * form and its flow are the feature's own (hooks shared with the mobile page); its links name
 * mobile paths, which the desktop router opens as their desktop counterparts. One wrapper per page
 * (React must see the same component on every render).
 */
export function desktopCard(Page: ComponentType, wide = false): ComponentType {
  let card = cards.get(Page);
  if (!card) {
    const DesktopCard = () => (
      <div className={`desktop-card${wide ? ' desktop-card--wide' : ''}`}>
        <Page />
      </div>
    );
    DesktopCard.displayName = `DesktopCard(${Page.displayName ?? Page.name})`;
    card = DesktopCard;
    cards.set(Page, card);
  }
  return card;
}
