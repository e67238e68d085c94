import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MenuList } from '../../../components/menu-list';
import { formatDateTime } from '../../../lib/format';
import { STORAGE_KEYS } from '../../../lib/session/storage';
import { useSessionStore } from '../../../lib/session/session-store';
import { renderWithProviders } from '../../../test/render';
import { TimeZoneSwitch } from './time-zone-switch';

const at = Date.UTC(2024, 4, 1, 13, 45, 10); // 09:45:10 in New York (EDT); the tests' own zone is UTC

function storedTimeZone(): unknown {
  const raw = window.localStorage.getItem(STORAGE_KEYS.session);
  return raw ? (JSON.parse(raw) as { state: { timeZone?: unknown } }).state.timeZone : undefined;
}

describe('the time zone setting', () => {
  it('turns New York time on and off, for every time the formatter writes, and keeps the choice', async () => {
    const { user } = renderWithProviders(
      <MenuList>
        <TimeZoneSwitch />
      </MenuList>,
    );
    const toggle = screen.getByRole('switch', { name: 'New York time' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Times are shown in your own time zone (UTC).')).toBeTruthy();
    expect(formatDateTime(at)).toBe('2024-05-01 13:45:10');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Every time is shown in New York time (EST/EDT).')).toBeTruthy();
    expect(formatDateTime(at)).toBe('2024-05-01 09:45:10');
    expect(storedTimeZone()).toBe('new_york');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(formatDateTime(at)).toBe('2024-05-01 13:45:10');
    expect(storedTimeZone()).toBe('local');
  });

  it('reads a stored choice back, and anything it does not know as local time', async () => {
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ state: { timeZone: 'new_york' }, version: 1 }));
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().timeZone).toBe('new_york');
    expect(formatDateTime(at)).toBe('2024-05-01 09:45:10');
    window.localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ state: { timeZone: 'Mars/Olympus' }, version: 1 }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().timeZone).toBe('local');
    expect(formatDateTime(at)).toBe('2024-05-01 13:45:10');
  });
});
