import { useTranslation } from 'react-i18next';
import { MenuSwitch } from '../../../components/menu-list';
import { localTimeZone } from '../../../lib/format';
import { addNamespace } from '../../../lib/i18n/namespace';
import { useSessionStore } from '../../../lib/session/session-store';
import { TIME_ZONE_MESSAGES } from '../../../locales/time-zone';

// The setting's strings in every language, registered with this chunk (locales/time-zone.ts).
addNamespace('timeZone', TIME_ZONE_MESSAGES);

/** An IANA zone as a place: "Europe/Berlin" → "Berlin", "America/Argentina/Buenos_Aires" → "Buenos Aires"; "UTC" as it is. */
export function zonePlace(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

function IconClock() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/**
 * The time zone setting (docs/product.md §9 allows a named zone; decision 0157): on, every time in the
 * app is shown in New York time; off (the default), in the user's own zone. Kept on this device with
 * the session's preferences (lib/session/session-store.ts `timeZone`); the exchange's own hours stay
 * in the exchange's zone. A row of a MenuList (the profile's menu, the desktop account settings' panel).
 */
export function TimeZoneSwitch() {
  const { t } = useTranslation('timeZone');
  const choice = useSessionStore((s) => s.timeZone);
  const setTimeZone = useSessionStore((s) => s.setTimeZone);
  const on = choice === 'new_york';
  return (
    <MenuSwitch
      icon={<IconClock />}
      label={t('newYorkTime')}
      hint={on ? t('on') : t('off', { zone: zonePlace(localTimeZone()) })}
      checked={on}
      onChange={(next) => setTimeZone(next ? 'new_york' : 'local')}
    />
  );
}

/** The setting's panel title in the desktop account settings. */
export function useTimeZoneTitle(): string {
  return useTranslation('timeZone').t('title');
}
