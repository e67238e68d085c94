/** CSV of what a list shows: the export of the rows on screen (docs/back-office.md "Screens"). */

/** One cell as CSV: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is kept from running as a formula. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<T> {
  /** The header cell. */
  title: string;
  /** The cell of a row as text. */
  csv: (row: T) => string | number | boolean | null | undefined;
}

/** The rows as CSV: a header line, then a line per row, lines ended with CRLF (RFC 4180). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.title)), ...rows.map((row) => columns.map((c) => csvCell(c.csv(row))))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}

/** A file name for an export: the list's name and the local date and time, `audit-log-2026-11-29-1405.csv`. */
export function csvFileName(name: string, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `${slug}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}

/** Saves `csv` as a download (a byte-order mark first, so that spreadsheet programs read it as UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
