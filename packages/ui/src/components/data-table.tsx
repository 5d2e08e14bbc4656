import { useLingui } from '@lingui/react/macro';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ExpandedState,
  type FilterFnOption,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, ChevronsUpDown, Search } from 'lucide-react';
import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn, focusRing } from '../lib/cn';
import { renderCell } from './data-table-cell';
import { useMediaQuery, PHONE_QUERY } from '../lib/use-media-query';
import { Checkbox } from './checkbox';
import { StackedList } from './data-table-stacked';
import { Input } from './input';
import { Pagination, usePaginationLabels, type PaginationLabels } from './pagination';
import { Skeleton } from './skeleton';

declare module '@tanstack/react-table' {
  // Column options the DataTable reads from `meta`.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's body cells. */
    className?: string;
    /** Classes of the column's header cell. */
    headerClassName?: string;
    /** Text alignment of header and cells (numbers read best right-aligned). */
    align?: 'left' | 'center' | 'right';
    /** The column's name where the header is not shown (phones) when its header is not plain text. */
    label?: string;
    /**
     * On phones: heads the card ('title'), sits top right ('end', the row menu), is left out ('skip',
     * when the title already shows it), or (unset) a label/value line.
     */
    stacked?: 'title' | 'end' | 'skip';
  }

  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface TableMeta<TData extends RowData> {
    /** True while the table shows stacked cards (phones): cells may render a row menu instead of buttons. */
    stacked?: boolean;
  }
}

/** Page-size choices of the generic table (core §2 Shared behaviour, §9). */
export const DATA_TABLE_PAGE_SIZES = [10, 20, 50, 100, 500] as const;
/** Page-size choices of the simpler table (core §2 Shared behaviour). */
export const SIMPLE_TABLE_PAGE_SIZES = [5, 10, 25] as const;

export interface DataTableLabels extends PaginationLabels {
  /** aria-label of the search box. */
  search: string;
  searchPlaceholder: string;
  noResults: ReactNode;
  /** aria-label of the table while loading. */
  loading: string;
  selectAll: string;
  /** aria-label of a row's checkbox; `name` comes from `rowLabel` when given. */
  selectRow: (name?: string) => string;
  expandRow: (name?: string) => string;
  collapseRow: (name?: string) => string;
  sortBy: string;
  ascending: string;
  descending: string;
  unsorted: string;
}

export interface DataTableProps<TData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<TData, any>[];
  data: readonly TData[];
  /** Stable row ids (selection and expansion are keyed by them); defaults to the row index. */
  getRowId?: (row: TData, index: number) => string;
  /** Short text naming a row, used in the aria-labels of its checkbox and expand button. */
  rowLabel?: (row: TData) => string;

  /** Show the search box. Client-side it filters every string/number column. */
  searchable?: boolean;
  /** Controlled search text (server-side search: pair with onSearchChange and manualFiltering). */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** Delay before a typed search is applied; default 300 ms with manualFiltering, else 0. */
  searchDebounceMs?: number;
  searchPlaceholder?: string;
  /** Client-side global filter function (default: case-insensitive "includes"). */
  globalFilterFn?: FilterFnOption<TData>;
  /** Do not filter locally (the server filtered `data`); defaults to `manualPagination`. */
  manualFiltering?: boolean;
  /** Extra controls beside the search box (filters, bulk menu …). */
  toolbar?: ReactNode;

  /** Header clicks sort ascending → descending → off. Default true; per column via `enableSorting`. */
  enableSorting?: boolean;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  initialSorting?: SortingState;
  /** The server sorts `data`; the table only reports the sort state. */
  manualSorting?: boolean;

  pagination?: PaginationState;
  onPaginationChange?: (pagination: PaginationState) => void;
  /** The server pages `data`; give pageCount (or rowCount). */
  manualPagination?: boolean;
  pageCount?: number;
  /** Total rows on the server (for "from–to of total" and, without pageCount, the page count). */
  rowCount?: number;
  pageSizeOptions?: readonly number[];
  /** Default: the first of pageSizeOptions. */
  initialPageSize?: number;
  /** 'full' page buttons (default) or 'simple' previous/next. */
  paginationVariant?: 'full' | 'simple';
  hidePagination?: boolean;

  /** Adds an expand toggle column; the returned content shows in a full-width row below. */
  renderExpanded?: (row: Row<TData>) => ReactNode;
  getRowCanExpand?: (row: Row<TData>) => boolean;
  expanded?: ExpandedState;
  onExpandedChange?: (expanded: ExpandedState) => void;

  /** Adds a checkbox column with select-all (for the rows on the current page). */
  selectable?: boolean;
  enableRowSelection?: boolean | ((row: Row<TData>) => boolean);
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  /** Called with the selected rows (of the current `data`) whenever the selection changes. */
  onSelectionChange?: (rows: TData[]) => void;

  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  loadingRows?: number;
  emptyMessage?: ReactNode;
  labels?: Partial<DataTableLabels>;
  /** Accessible name of the table (or use `caption`). */
  'aria-label'?: string;
  /** Visually hidden table caption. */
  caption?: ReactNode;
  className?: string;
  rowClassName?: (row: Row<TData>) => string | undefined;
  /** Extra attributes of each row (e.g. data-testid), on the table row and on the phone card alike. */
  rowAttributes?: (row: Row<TData>) => Record<string, string>;
  /** Show cards instead of the table below `md`; default true. */
  stackOnPhones?: boolean;
}

/** State that is controlled when its prop is given, internal otherwise, and updated with tanstack updaters. */
function useTableState<T>(
  controlled: T | undefined,
  onChange: ((value: T) => void) | undefined,
  initial: T,
): [T, (updater: Updater<T>) => T] {
  const [internal, setInternal] = useState<T>(initial);
  const isControlled = controlled !== undefined;
  const value = isControlled ? controlled : internal;
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  const set = useCallback(
    (updater: Updater<T>) => {
      const next = typeof updater === 'function' ? (updater as (old: T) => T)(ref.current) : updater;
      ref.current = next;
      if (!isControlled) setInternal(next);
      onChange?.(next);
      return next;
    },
    [isControlled, onChange],
  );
  return [value, set];
}

function useDataTableLabels(overrides?: Partial<DataTableLabels>): DataTableLabels {
  const { t } = useLingui();
  const pagination = usePaginationLabels();
  return {
    ...pagination,
    search: t`Search`,
    searchPlaceholder: t`Search…`,
    noResults: t`No results`,
    loading: t`Loading…`,
    selectAll: t`Select all rows on this page`,
    selectRow: (name) => (name ? t`Select ${name}` : t`Select row`),
    expandRow: (name) => (name ? t`Show details of ${name}` : t`Show details`),
    collapseRow: (name) => (name ? t`Hide details of ${name}` : t`Hide details`),
    sortBy: t`Sort by`,
    ascending: t`ascending`,
    descending: t`descending`,
    unsorted: t`Default order`,
    ...overrides,
  };
}

const SELECT_ID = '__select';
const EXPAND_ID = '__expand';

function alignClass(align: 'left' | 'center' | 'right' | undefined): string | undefined {
  if (align === 'right') return 'text-right';
  if (align === 'center') return 'text-center';
  return undefined;
}

/** Sorting cycle of a header click: off → ascending → descending → off. */
function cycleSorting<TData>(column: Column<TData, unknown>) {
  const current = column.getIsSorted();
  if (current === false) column.toggleSorting(false, false);
  else if (current === 'asc') column.toggleSorting(true, false);
  else column.clearSorting();
}

/**
 * The generic data table (core §2 Shared behaviour) on @tanstack/react-table v8: search, three-state
 * header sorting (aria-sort), page sizes 10/20/50/100/500, page buttons with 'Page X of Y', optional
 * expandable rows and row selection. Client-side by default; server-side with manualPagination /
 * manualSorting / manualFiltering and the controlled state props.
 */
export function DataTable<TData>({
  columns,
  data,
  getRowId,
  rowLabel,
  searchable = false,
  search,
  onSearchChange,
  searchDebounceMs,
  searchPlaceholder,
  globalFilterFn = 'includesString',
  manualFiltering,
  toolbar,
  enableSorting = true,
  sorting: sortingProp,
  onSortingChange,
  initialSorting = [],
  manualSorting = false,
  pagination: paginationProp,
  onPaginationChange,
  manualPagination = false,
  pageCount,
  rowCount,
  pageSizeOptions = DATA_TABLE_PAGE_SIZES,
  initialPageSize,
  paginationVariant = 'full',
  hidePagination = false,
  renderExpanded,
  getRowCanExpand,
  expanded: expandedProp,
  onExpandedChange,
  selectable = false,
  enableRowSelection = true,
  rowSelection: rowSelectionProp,
  onRowSelectionChange,
  onSelectionChange,
  loading = false,
  loadingRows,
  emptyMessage,
  labels: labelOverrides,
  'aria-label': ariaLabel,
  caption,
  className,
  rowClassName,
  rowAttributes,
  stackOnPhones = true,
}: DataTableProps<TData>) {
  const stacked = useMediaQuery(PHONE_QUERY) && stackOnPhones;
  const labels = useDataTableLabels(labelOverrides);
  // Column renderers read the labels of the latest render (they change with the locale).
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const tableId = useId();
  const filterLocally = !(manualFiltering ?? manualPagination);
  const debounceMs = searchDebounceMs ?? (filterLocally ? 0 : 300);
  const withSelection = selectable || onSelectionChange != null || rowSelectionProp != null;
  const withExpansion = renderExpanded != null;

  const [sorting, setSorting] = useTableState<SortingState>(sortingProp, onSortingChange, initialSorting);
  const [pagination, setPagination] = useTableState<PaginationState>(paginationProp, onPaginationChange, {
    pageIndex: 0,
    pageSize: initialPageSize ?? pageSizeOptions[0] ?? 10,
  });
  const [query, setQuery] = useTableState<string>(search, onSearchChange, '');
  const [expanded, setExpanded] = useTableState<ExpandedState>(expandedProp, onExpandedChange, {});
  const [rowSelection, setRowSelection] = useTableState<RowSelectionState>(
    rowSelectionProp,
    onRowSelectionChange,
    {},
  );

  const tableRef = useRef<Table<TData> | null>(null);
  const toFirstPage = useCallback(
    () => setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 })),
    [setPagination],
  );

  // The search box keeps its own text so typing stays instant while the applied query is debounced.
  const [input, setInput] = useState(query);
  const committed = useRef(query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (query !== committed.current) {
      committed.current = query;
      setInput(query);
    }
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commitSearch = (value: string) => {
    committed.current = value;
    setQuery(value);
    toFirstPage();
  };
  const onInput = (value: string) => {
    setInput(value);
    clearTimeout(timer.current);
    if (debounceMs <= 0) commitSearch(value);
    else timer.current = setTimeout(() => commitSearch(value), debounceMs);
  };

  const handleSelection = (updater: Updater<RowSelectionState>) => {
    const next = setRowSelection(updater);
    if (onSelectionChange && tableRef.current) {
      const rows = tableRef.current.getCoreRowModel().flatRows.filter((row) => next[row.id]);
      onSelectionChange(rows.map((row) => row.original));
    }
  };

  const allColumns = useMemo(() => {
    const extra: ColumnDef<TData>[] = [];
    const l = () => labelsRef.current;
    if (withSelection) {
      extra.push({
        id: SELECT_ID,
        enableSorting: false,
        enableGlobalFilter: false,
        meta: { className: 'w-10', headerClassName: 'w-10' },
        header: ({ table }) => (
          <Checkbox
            aria-label={l().selectAll}
            checked={
              table.getIsAllPageRowsSelected()
                ? true
                : table.getIsSomePageRowsSelected()
                  ? 'indeterminate'
                  : false
            }
            disabled={table.getRowModel().rows.length === 0}
            onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={l().selectRow(rowLabel?.(row.original))}
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onCheckedChange={(value) => row.toggleSelected(value === true)}
          />
        ),
      });
    }
    if (withExpansion) {
      extra.push({
        id: EXPAND_ID,
        enableSorting: false,
        enableGlobalFilter: false,
        meta: { className: 'w-10', headerClassName: 'w-10' },
        header: () => null,
        cell: ({ row }) => {
          if (!row.getCanExpand()) return null;
          const open = row.getIsExpanded();
          const name = rowLabel?.(row.original);
          return (
            <button
              type="button"
              onClick={row.getToggleExpandedHandler()}
              aria-expanded={open}
              aria-controls={open ? `${tableId}-details-${row.id}` : undefined}
              aria-label={open ? l().collapseRow(name) : l().expandRow(name)}
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground',
                focusRing,
              )}
            >
              {open ? (
                <ChevronDown className="size-4" aria-hidden="true" />
              ) : (
                <ChevronRight className="size-4" aria-hidden="true" />
              )}
            </button>
          );
        },
      });
    }
    return [...extra, ...columns];
  }, [columns, withSelection, withExpansion, rowLabel, tableId]);

  const table = useReactTable<TData>({
    data: data as TData[],
    columns: allColumns,
    getRowId,
    state: { sorting, pagination, globalFilter: query, expanded, rowSelection },
    onSortingChange: (updater) => {
      setSorting(updater);
      toFirstPage();
    },
    onPaginationChange: setPagination,
    onGlobalFilterChange: setQuery,
    onExpandedChange: setExpanded,
    onRowSelectionChange: handleSelection,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
    getFilteredRowModel: filterLocally ? getFilteredRowModel() : undefined,
    getPaginationRowModel: manualPagination ? undefined : getPaginationRowModel(),
    globalFilterFn,
    manualSorting,
    manualFiltering: !filterLocally,
    manualPagination,
    pageCount: manualPagination ? (pageCount ?? (rowCount == null ? -1 : undefined)) : undefined,
    rowCount: manualPagination ? rowCount : undefined,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    enableSorting,
    enableSortingRemoval: true,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: withSelection ? enableRowSelection : false,
    getRowCanExpand: withExpansion ? (getRowCanExpand ?? (() => true)) : () => false,
    meta: { stacked },
  });
  tableRef.current = table;

  const totalPages = table.getPageCount();
  const totalRows = manualPagination ? rowCount : table.getFilteredRowModel().rows.length;

  // Keep the page inside the range when rows disappear (a search, a deletion, a smaller page count).
  useEffect(() => {
    if (loading || totalPages < 1) return;
    if (pagination.pageIndex > totalPages - 1) setPagination((p) => ({ ...p, pageIndex: totalPages - 1 }));
  }, [loading, totalPages, pagination.pageIndex, setPagination]);

  const rows = table.getRowModel().rows;
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const skeletonCount = loadingRows ?? Math.min(pagination.pageSize, 5);

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {searchable || toolbar ? (
        <div className="flex flex-wrap items-center gap-2">
          {searchable ? (
            <div className="relative w-full sm:w-72">
              <Search
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                value={input}
                onChange={(event) => onInput(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && debounceMs > 0) {
                    clearTimeout(timer.current);
                    commitSearch(input);
                  }
                }}
                placeholder={searchPlaceholder ?? labels.searchPlaceholder}
                aria-label={labels.search}
                aria-controls={tableId}
                className="pl-8"
              />
            </div>
          ) : null}
          {toolbar}
        </div>
      ) : null}

      {stacked && !loading ? (
        <StackedList
          table={table}
          rows={rows}
          selectId={SELECT_ID}
          expandId={EXPAND_ID}
          renderExpanded={renderExpanded}
          rowLabel={rowLabel}
          labels={labels}
          emptyMessage={emptyMessage ?? labels.noResults}
          ariaLabel={ariaLabel}
          rowAttributes={rowAttributes}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table
            id={tableId}
            className="w-full border-collapse text-sm"
            aria-label={ariaLabel}
            aria-busy={loading || undefined}
            aria-rowcount={manualPagination && rowCount != null ? rowCount + 1 : undefined}
          >
            {caption ? <caption className="sr-only">{caption}</caption> : null}
            <thead className="border-b border-border bg-muted/60">
              {table.getHeaderGroups().map((headerGroup) => (
                <tr key={headerGroup.id}>
                  {headerGroup.headers.map((header) => {
                    const meta = header.column.columnDef.meta;
                    const canSort = header.column.getCanSort();
                    const sorted = header.column.getIsSorted();
                    const content = header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        colSpan={header.colSpan}
                        scope="col"
                        aria-sort={
                          canSort
                            ? sorted === 'asc'
                              ? 'ascending'
                              : sorted === 'desc'
                                ? 'descending'
                                : 'none'
                            : undefined
                        }
                        className={cn(
                          'h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
                          alignClass(meta?.align),
                          meta?.headerClassName,
                        )}
                      >
                        {canSort && !header.isPlaceholder ? (
                          <button
                            type="button"
                            onClick={() => cycleSorting(header.column as Column<TData, unknown>)}
                            className={cn(
                              '-mx-1.5 inline-flex items-center gap-1 rounded-sm px-1.5 py-1 uppercase hover:text-foreground',
                              meta?.align === 'right' && 'flex-row-reverse',
                              sorted && 'text-foreground',
                              focusRing,
                            )}
                          >
                            {content}
                            {sorted === 'asc' ? (
                              <ArrowUp className="size-3.5" aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <ArrowDown className="size-3.5" aria-hidden="true" />
                            ) : (
                              <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                            )}
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {loading ? (
                Array.from({ length: skeletonCount }, (_, i) => (
                  <tr key={`skeleton-${i}`} className="border-b border-border last:border-b-0">
                    {table.getVisibleLeafColumns().map((column) => (
                      <td key={column.id} className="px-3 py-3">
                        <Skeleton
                          className={cn(
                            'h-4',
                            column.id === SELECT_ID || column.id === EXPAND_ID ? 'w-4' : 'w-full',
                          )}
                        />
                      </td>
                    ))}
                  </tr>
                ))
              ) : rows.length === 0 ? (
                <tr>
                  <td
                    colSpan={visibleColumnCount}
                    className="px-3 py-10 text-center text-sm text-muted-foreground"
                  >
                    {emptyMessage ?? labels.noResults}
                  </td>
                </tr>
              ) : (
                rows.map((row) => {
                  const open = withExpansion && row.getIsExpanded();
                  return (
                    <Fragment key={row.id}>
                      <tr
                        data-state={row.getIsSelected() ? 'selected' : undefined}
                        className={cn(
                          'border-b border-border transition-colors last:border-b-0 hover:bg-muted/50',
                          'data-[state=selected]:bg-primary-soft/60',
                          open && 'border-b-0 bg-muted/30',
                          rowClassName?.(row),
                        )}
                        {...rowAttributes?.(row)}
                      >
                        {row.getVisibleCells().map((cell) => {
                          const meta = cell.column.columnDef.meta;
                          return (
                            <td
                              key={cell.id}
                              className={cn(
                                'px-3 py-2.5 align-middle',
                                alignClass(meta?.align),
                                meta?.className,
                              )}
                            >
                              {renderCell(cell)}
                            </td>
                          );
                        })}
                      </tr>
                      {open && renderExpanded ? (
                        <tr className="border-b border-border bg-muted/30 last:border-b-0">
                          <td
                            id={`${tableId}-details-${row.id}`}
                            colSpan={visibleColumnCount}
                            className="px-3 pt-1 pb-4"
                          >
                            {renderExpanded(row)}
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })
              )}
            </tbody>
          </table>
          {loading ? (
            <span className="sr-only" role="status">
              {labels.loading}
            </span>
          ) : null}
        </div>
      )}

      {hidePagination ? null : (
        <Pagination
          pageIndex={pagination.pageIndex}
          pageCount={totalPages < 0 ? pagination.pageIndex + 1 : totalPages}
          onPageChange={(index) => table.setPageIndex(index)}
          pageSize={pagination.pageSize}
          pageSizeOptions={pageSizeOptions}
          onPageSizeChange={(size) => setPagination({ pageIndex: 0, pageSize: size })}
          totalRows={totalRows}
          variant={paginationVariant}
          disabled={loading}
          labels={labelOverrides}
        />
      )}
    </div>
  );
}

/** The simpler table (core §2): page sizes 5, 10, 25, default 10; otherwise a DataTable. */
export function SimpleTable<TData>({
  pageSizeOptions = SIMPLE_TABLE_PAGE_SIZES,
  initialPageSize = 10,
  ...props
}: DataTableProps<TData>) {
  return <DataTable<TData> pageSizeOptions={pageSizeOptions} initialPageSize={initialPageSize} {...props} />;
}
