import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Alert, Button, Table, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { FilterValue } from 'antd/es/table/interface';
import { formatTime } from '../format';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv';

/** A back-office list page as the admin API answers it (ADMIN_PAGE in the contract). */
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
  totalCapped: boolean;
}

/** A column: antd's, with its cell as text for the CSV export (left out of the file without one). */
export interface Column<T> extends ColumnType<T> {
  csv?: CsvColumn<T>['csv'];
  /** The CSV header where the title is not plain text. */
  csvTitle?: string;
}

/** Page sizes the admin API serves (at most 100). */
export const PAGE_SIZES = [20, 50, 100];

/**
 * Sorting the rows already loaded. The admin API sorts no list (each has its one order: oldest or
 * newest first, docs/back-office.md "Screens"), so a column header sorts the page on screen, and its
 * tooltip says so.
 */
export function sortOnPage<T>(compare: (a: T, b: T) => number): Pick<ColumnType<T>, 'sorter' | 'showSorterTooltip'> {
  return {
    sorter: compare,
    showSorterTooltip: { title: 'Sorts the rows on this page; the server sends the list in its own order' },
  };
}

export const byText =
  <T,>(get: (row: T) => string | null | undefined) =>
  (a: T, b: T) =>
    (get(a) ?? '').localeCompare(get(b) ?? '');
export const byNumber =
  <T,>(get: (row: T) => number | string | null | undefined) =>
  (a: T, b: T) =>
    Number(get(a) ?? 0) - Number(get(b) ?? 0);

/** A yes/no column of a product's `enabled`, filterable on the page; `No` stands out as a tag. */
export function enabledColumn<T extends { enabled: boolean }>(): Column<T> {
  return {
    title: 'Enabled',
    render: (_, row) => (row.enabled ? 'Yes' : <Tag>No</Tag>),
    csv: (row) => (row.enabled ? 'Yes' : 'No'),
    filters: [
      { value: true, text: 'Yes' },
      { value: false, text: 'No' },
    ],
    onFilter: (value, row) => row.enabled === value,
  };
}

/** A row of a review queue (loans, withdrawals): its number, when it was made, its user, its state. */
interface QueueRow {
  number: string;
  createdAt: number;
  uid: string;
  state: string;
}

/**
 * The first columns of a review queue: the item's number over its time (sorted by time on the page),
 * the time alone for the CSV, and the user's UID linking to that user's items in the same queue (the
 * waiting state is the queue's default, so its link names no state).
 */
export function queueColumns<T extends QueueRow>(q: {
  title: string;
  timeTitle: string;
  path: string;
  waitingState: string;
  itemsOf: string;
}): Column<T>[] {
  return [
    {
      title: q.title,
      render: (_, row) => (
        <>
          <div className="mono nowrap">{row.number}</div>
          <div className="muted">{formatTime(row.createdAt)}</div>
        </>
      ),
      ...sortOnPage(byNumber((row) => row.createdAt)),
      csv: (row) => row.number,
    },
    {
      title: q.timeTitle,
      key: q.timeTitle.toLowerCase(),
      hidden: true,
      csv: (row) => new Date(row.createdAt).toISOString(),
    },
    {
      title: 'UID',
      className: 'mono',
      csv: (row) => row.uid,
      render: (_, row) => (
        <Link
          to={`${q.path}?uid=${row.uid}${row.state === q.waitingState ? '' : `&state=${row.state}`}`}
          aria-label={`${q.itemsOf} of user ${row.uid}`}
        >
          {row.uid}
        </Link>
      ),
    },
  ];
}

/** The button that opens a row's edit dialog, named after the row (`Change <name>`). */
export function changeColumn<T>(open: (row: T) => void, nameOf: (row: T) => string): Column<T> {
  return {
    title: 'Change',
    key: 'change',
    render: (_, row) => (
      <Button onClick={() => open(row)} aria-label={`Change ${nameOf(row)}`}>
        Change
      </Button>
    ),
  };
}

interface QueryLike<D> {
  isError: boolean;
  error: Error | null;
  isFetching?: boolean;
  data: D | undefined;
}

interface ListTableProps<T> {
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  /** Said to screen readers before the table (its <caption>). */
  caption: string;
  /** Shown in the table when no row matches. */
  empty: ReactNode;
  /** Attributes of a row's <tr> (a data-* attribute the tests find it by). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number>;
  /** The export's file name stem; with it, an "Export CSV" button saves the rows shown. */
  exportName?: string;
  /** Shown beside the export button (a page's own actions). */
  toolbar?: ReactNode;
  className?: string;
  /**
   * A column filter the server applies (a column with `key`, `filters` and `filteredValue`): told the
   * column's key and the values chosen. Columns without it filter the rows on the page (`onFilter`).
   */
  onServerFilter?: (key: string, values: FilterValue | null) => void;
}

function Toolbar<T>({
  columns,
  rows,
  exportName,
  toolbar,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  exportName?: string;
  toolbar?: ReactNode;
}) {
  if (!exportName && !toolbar) return null;
  const csvColumns = columns.flatMap((c): CsvColumn<T>[] =>
    c.csv ? [{ title: c.csvTitle ?? (typeof c.title === 'string' ? c.title : ''), csv: c.csv }] : [],
  );
  return (
    <div className="table-toolbar">
      {toolbar}
      {exportName && (
        <Tooltip title="The rows shown, as filtered, sorted and paged here">
          <Button
            disabled={rows.length === 0}
            onClick={() => downloadCsv(csvFileName(exportName, new Date()), toCsv(csvColumns, rows))}
          >
            Export CSV
          </Button>
        </Tooltip>
      )}
    </div>
  );
}

function onRowOf<T>(rowAttributes: ListTableProps<T>['rowAttributes']) {
  return rowAttributes ? (row: T) => rowAttributes(row) as HTMLAttributes<HTMLElement> : undefined;
}

/**
 * A list the server pages (every back-office list, ADMIN_PAGE): antd's Table with the server's
 * pages, a page size of 20, 50 or 100, the total ("10,000+" when the server stopped counting), the
 * server's error in its words, and the CSV export of the rows shown.
 */
export function PagedTable<T>({
  query,
  onPage,
  ...props
}: ListTableProps<T> & { query: QueryLike<Page<T>>; onPage: (page: number, size: number) => void }) {
  const { data } = query;
  const more = data?.totalCapped ? '+' : '';
  const pagination: TablePaginationConfig | false = data
    ? {
        current: data.page,
        pageSize: data.size,
        total: data.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total) => `${total.toLocaleString('en')}${more} ${total === 1 && !more ? 'entry' : 'entries'}`,
        onChange: (page, size) => onPage(size === data.size ? page : 1, size),
      }
    : false;
  return (
    <ListTable
      {...props}
      rows={data?.items}
      loading={query.isFetching === true || (!data && !query.isError)}
      error={query.isError ? query.error : null}
      pagination={pagination}
    />
  );
}

/** A list read whole (products, settings, articles): the same table without pages. */
export function WholeTable<T>({ query, ...props }: ListTableProps<T> & { query: QueryLike<T[]> }) {
  return (
    <ListTable
      {...props}
      rows={query.data}
      loading={query.isFetching === true || (!query.data && !query.isError)}
      error={query.isError ? query.error : null}
      pagination={false}
    />
  );
}

/** Rows already at hand (a user's balances): the same table, without a query. */
export function ListTable<T>({
  columns,
  rowKey,
  caption,
  empty,
  rowAttributes,
  exportName,
  toolbar,
  className,
  onServerFilter,
  rows,
  loading = false,
  error = null,
  pagination = false,
}: ListTableProps<T> & {
  rows: readonly T[] | undefined;
  loading?: boolean;
  error?: Error | null;
  pagination?: TablePaginationConfig | false;
}) {
  return (
    <div className={className}>
      {error && <Alert className="spaced" type="error" role="alert" title={error.message} />}
      <Toolbar columns={columns} rows={rows ?? []} exportName={exportName} toolbar={toolbar} />
      <Table<T>
        className="list-table"
        caption={<span className="visually-hidden">{caption}</span>}
        columns={columns}
        dataSource={rows ? [...rows] : []}
        rowKey={rowKey}
        loading={loading}
        pagination={pagination}
        locale={{ emptyText: rows ? empty : ' ' }}
        onRow={onRowOf(rowAttributes)}
        onChange={(_pagination, filters, _sorter, extra) => {
          if (extra.action !== 'filter' || !onServerFilter) return;
          for (const column of columns) {
            if (typeof column.key === 'string' && column.filteredValue !== undefined)
              onServerFilter(column.key, filters[column.key] ?? null);
          }
        }}
        size="middle"
      />
    </div>
  );
}
