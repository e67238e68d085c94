/** Formatting and parsing of what the pages show and read. */

const pad = (n: number) => String(n).padStart(2, '0');

/** An epoch-ms instant as local `YYYY-MM-DD HH:MM:SS`. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A `datetime-local` input's value (`YYYY-MM-DDTHH:MM`, local time) as epoch ms, or undefined
 * when empty or unreadable. `end` makes it the last millisecond of that minute (an inclusive `to`).
 */
export function localInputToMs(value: string, end = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const d = new Date(year, month - 1, day, hour, minute);
  // Date rolls 2026-13-45 over into another date: only a real date and time is read.
  if (
    d.getFullYear() !== year ||
    d.getMonth() !== month - 1 ||
    d.getDate() !== day ||
    d.getHours() !== hour ||
    d.getMinutes() !== minute
  )
    return undefined;
  const ms = d.getTime();
  return end ? ms + 59_999 : ms;
}

/** Epoch ms as a `datetime-local` input's value (`YYYY-MM-DDTHH:MM`, local time; seconds dropped). */
export function msToLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * An amount as the server writes it (a plain decimal at the coin's scale: "10000000.000000") as a
 * table shows it: without trailing zeros and with the whole part grouped by thousands
 * ("10,000,000"; "1,234.5"). Text only, so the value stays exact.
 */
export function groupedAmount(text: string): string {
  const plain = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  const [whole = '', fraction] = plain.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A JSON value in one line for a table cell (null as an empty string). */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/** The number of pages for `total` rows of `size` each (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** How long something has waited, in its two largest units: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [d, h, m] = [Math.floor(s / 86_400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60];
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}
