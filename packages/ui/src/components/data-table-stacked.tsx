import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn, focusRing } from '../lib/cn';
import { renderCell } from './data-table-cell';
import { Select } from './select';

export interface StackedLabels {
  sortBy: string;
  ascending: string;
  descending: string;
  unsorted: string;
  expandRow: (name?: string) => string;
  collapseRow: (name?: string) => string;
}

interface StackedListProps<TData> {
  table: Table<TData>;
  rows: Row<TData>[];
  selectId: string;
  /** The expand column's id: on a card its toggle is a full-width button and the details follow. */
  expandId: string;
  renderExpanded?: (row: Row<TData>) => ReactNode;
  rowLabel?: (row: TData) => string;
  labels: StackedLabels;
  emptyMessage: ReactNode;
  ariaLabel?: string;
  rowAttributes?: (row: Row<TData>) => Record<string, string>;
}

/**
 * The table as a list of cards, for phones: the column marked `stacked: 'title'` heads each card with
 * the selection box beside it, `stacked: 'end'` (the row menu) sits top right, the other columns follow
 * as label/value lines. Headers are gone, so sorting is a select.
 */
export function StackedList<TData>({
  table,
  rows,
  selectId,
  expandId,
  renderExpanded,
  rowLabel,
  labels,
  emptyMessage,
  ariaLabel,
  rowAttributes,
}: StackedListProps<TData>) {
  const sortable = table.getAllLeafColumns().filter((c) => c.getCanSort());
  const sorted = table.getState().sorting[0];
  const headerOf = (id: string) => {
    const column = table.getColumn(id);
    const meta = column?.columnDef.meta;
    const header = column?.columnDef.header;
    return meta?.label ?? (typeof header === 'string' ? header : id);
  };
  const selectAll = table.getHeaderGroups()[0]?.headers.find((h) => h.column.id === selectId);

  return (
    <div className="flex flex-col gap-2">
      {selectAll || sortable.length > 0 ? (
        <div className="flex items-center gap-3">
          {selectAll ? (
            <div className="flex size-10 items-center justify-center">
              {flexRender(selectAll.column.columnDef.header, selectAll.getContext())}
            </div>
          ) : null}
          {sortable.length > 0 ? (
            <div className="min-w-0 flex-1">
              <Select
                aria-label={labels.sortBy}
                value={sorted ? `${sorted.id}:${sorted.desc ? 'desc' : 'asc'}` : 'none'}
                onValueChange={(value) => {
                  if (value === 'none') return table.setSorting([]);
                  const [id, order] = value.split(':');
                  table.setSorting([{ id: id!, desc: order === 'desc' }]);
                }}
                options={[
                  { value: 'none', label: labels.unsorted },
                  ...sortable.flatMap((c) => [
                    { value: `${c.id}:asc`, label: `${headerOf(c.id)} · ${labels.ascending}` },
                    { value: `${c.id}:desc`, label: `${headerOf(c.id)} · ${labels.descending}` },
                  ]),
                ]}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-border bg-surface px-3 py-10 text-center text-sm text-muted-foreground">
          {emptyMessage}
        </p>
      ) : (
        <ul aria-label={ariaLabel} className="flex flex-col gap-2">
          {rows.map((row) => {
            const cells = row.getVisibleCells();
            const select = cells.find((c) => c.column.id === selectId);
            const title = cells.filter((c) => c.column.columnDef.meta?.stacked === 'title');
            const end = cells.filter((c) => c.column.columnDef.meta?.stacked === 'end');
            const rest = cells.filter(
              (c) =>
                c.column.id !== selectId && c.column.id !== expandId && !c.column.columnDef.meta?.stacked,
            );
            const expandable = Boolean(renderExpanded) && row.getCanExpand();
            const open = expandable && row.getIsExpanded();
            const name = rowLabel?.(row.original);
            return (
              <li
                key={row.id}
                data-state={row.getIsSelected() ? 'selected' : undefined}
                className={cn(
                  'rounded-lg border border-border bg-surface p-3',
                  'data-[state=selected]:border-primary/40 data-[state=selected]:bg-primary-soft/60',
                )}
                {...rowAttributes?.(row)}
              >
                <div className="flex items-start gap-2">
                  {select ? (
                    <div className="-m-1 flex size-10 shrink-0 items-center justify-center">
                      {renderCell(select)}
                    </div>
                  ) : null}
                  <div className="min-w-0 flex-1 pt-1.5">
                    {title.map((cell) => (
                      <div key={cell.id} className="min-w-0 break-words">
                        {renderCell(cell)}
                      </div>
                    ))}
                  </div>
                  {end.map((cell) => (
                    <div key={cell.id} className="shrink-0">
                      {renderCell(cell)}
                    </div>
                  ))}
                </div>
                {rest.length > 0 ? (
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 text-sm">
                    {rest.map((cell) => (
                      <div key={cell.id} className="contents">
                        <dt className="text-muted-foreground">{headerOf(cell.column.id)}</dt>
                        <dd className="min-w-0 break-words">{renderCell(cell)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {expandable ? (
                  <>
                    <button
                      type="button"
                      onClick={row.getToggleExpandedHandler()}
                      aria-expanded={open}
                      aria-label={open ? labels.collapseRow(name) : labels.expandRow(name)}
                      className={cn(
                        'mt-2 flex min-h-10 w-full items-center gap-1 rounded-md border-t border-border pt-2 text-sm font-medium text-primary-strong',
                        focusRing,
                      )}
                    >
                      {open ? (
                        <ChevronDown className="size-4" aria-hidden="true" />
                      ) : (
                        <ChevronRight className="size-4" aria-hidden="true" />
                      )}
                      {open ? labels.collapseRow() : labels.expandRow()}
                    </button>
                    {open ? <div className="mt-2">{renderExpanded!(row)}</div> : null}
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
