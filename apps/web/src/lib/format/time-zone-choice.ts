/**
 * Which zone the app shows times in: the user's own (the browser's, the default) or New York's
 * (docs/product.md §9 allows a named zone; decision 0157). A choice of the device, kept with the
 * session's preferences (lib/session/session-store.ts sets it here); lib/format/date.ts reads it.
 * Its own small module, so the session store (on every first route) does not load the formatter.
 */

export const TIME_ZONE_CHOICES = ['local', 'new_york'] as const;
export type TimeZoneChoice = (typeof TIME_ZONE_CHOICES)[number];

let current: TimeZoneChoice = 'local';

export function setTimeZoneChoice(choice: TimeZoneChoice): void {
  current = choice;
}

export function timeZoneChoice(): TimeZoneChoice {
  return current;
}
