/** A column of a desktop table: its heading, and whether it holds figures (right-aligned, tabular). */
export type DeskColumn = string | { label: string; numeric: true };

/** The header row of a desktop table (`.desk-table`): one column heading each. */
export function DeskTableHead({ columns }: { columns: readonly DeskColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className="is-num">
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A figures column of DeskTableHead. */
export const numeric = (label: string): DeskColumn => ({ label, numeric: true });
