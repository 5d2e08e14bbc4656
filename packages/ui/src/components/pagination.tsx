import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { pageWindow } from '../lib/pagination';
import { Button } from './button';
import { Select } from './select';

export interface PaginationLabels {
  /** aria-label of the nav landmark. */
  navigation: string;
  rowsPerPage: ReactNode;
  first: string;
  previous: string;
  next: string;
  last: string;
  /** aria-label of a numbered page button. */
  page: (page: number) => string;
  pageOf: (page: number, total: number) => ReactNode;
  /** "1–20 of 134". */
  range: (from: number, to: number, total: number) => ReactNode;
}

/** Translated defaults of every pagination text. */
export function usePaginationLabels(overrides?: Partial<PaginationLabels>): PaginationLabels {
  const { t } = useLingui();
  return {
    navigation: t`Pagination`,
    rowsPerPage: t`Rows per page`,
    first: t`First page`,
    previous: t`Previous`,
    next: t`Next`,
    last: t`Last page`,
    page: (page) => t`Page ${page}`,
    pageOf: (page, total) => t`Page ${page} of ${total}`,
    range: (from, to, total) => t`${from}–${to} of ${total}`,
    ...overrides,
  };
}

export interface PaginationProps {
  /** Current page, 0-based (as in @tanstack/react-table). */
  pageIndex: number;
  pageCount: number;
  onPageChange: (pageIndex: number) => void;
  pageSize?: number;
  /** Show a rows-per-page select when given together with onPageSizeChange. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** Total number of rows; shows "from–to of total" when given with pageSize. */
  totalRows?: number;
  /** 'full': first/previous/numbered pages/next/last; 'simple': previous/next only. */
  variant?: 'full' | 'simple';
  /** When to show 'Page X of Y': always (default for full) or only with more than one page (default for simple). */
  showPageInfo?: 'always' | 'multiple' | 'never';
  disabled?: boolean;
  labels?: Partial<PaginationLabels>;
  className?: string;
}

/** Page buttons plus 'Page X of Y' and an optional rows-per-page choice. */
export function Pagination({
  pageIndex,
  pageCount,
  onPageChange,
  pageSize,
  pageSizeOptions,
  onPageSizeChange,
  totalRows,
  variant = 'full',
  showPageInfo,
  disabled = false,
  labels: overrides,
  className,
}: PaginationProps) {
  const labels = usePaginationLabels(overrides);
  const sizeLabelId = useId();
  const total = Math.max(1, pageCount);
  const page = Math.min(Math.max(0, pageIndex), total - 1) + 1;
  const canPrev = !disabled && page > 1;
  const canNext = !disabled && page < pageCount;
  const infoMode = showPageInfo ?? (variant === 'simple' ? 'multiple' : 'always');
  const showInfo = infoMode === 'always' || (infoMode === 'multiple' && pageCount > 1);
  const showRange = totalRows != null && pageSize != null && totalRows > 0;
  const from = showRange ? (page - 1) * pageSize + 1 : 0;
  const to = showRange ? Math.min(totalRows, page * pageSize) : 0;

  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm', className)}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-muted-foreground">
        {pageSizeOptions && onPageSizeChange && pageSize != null ? (
          <div className="flex items-center gap-2">
            <span id={sizeLabelId}>{labels.rowsPerPage}</span>
            <Select
              size="sm"
              className="w-20"
              aria-labelledby={sizeLabelId}
              value={String(pageSize)}
              onValueChange={(v) => onPageSizeChange(Number(v))}
              options={pageSizeOptions.map((n) => ({ value: String(n), label: String(n) }))}
              disabled={disabled}
            />
          </div>
        ) : null}
        {showRange ? <span>{labels.range(from, to, totalRows)}</span> : null}
      </div>
      <nav aria-label={labels.navigation} className="flex flex-wrap items-center gap-1">
        {showInfo ? (
          <span className="mr-2 text-muted-foreground" aria-live="polite">
            {labels.pageOf(page, total)}
          </span>
        ) : null}
        {variant === 'full' ? (
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={labels.first}
            title={labels.first}
            disabled={!canPrev}
            onClick={() => onPageChange(0)}
          >
            <ChevronsLeft aria-hidden="true" />
          </Button>
        ) : null}
        <Button variant="outline" size="sm" disabled={!canPrev} onClick={() => onPageChange(page - 2)}>
          <ChevronLeft aria-hidden="true" />
          <span className={variant === 'full' ? 'sr-only sm:not-sr-only' : undefined}>{labels.previous}</span>
        </Button>
        {variant === 'full'
          ? pageWindow(page, pageCount).map((item) =>
              typeof item === 'number' ? (
                <Button
                  key={item}
                  variant={item === page ? 'primary' : 'ghost'}
                  size="sm"
                  className="min-w-8 px-2 tabular-nums"
                  aria-label={labels.page(item)}
                  aria-current={item === page ? 'page' : undefined}
                  disabled={disabled}
                  onClick={() => onPageChange(item - 1)}
                >
                  {item}
                </Button>
              ) : (
                <span key={item} className="px-1 text-muted-foreground" aria-hidden="true">
                  …
                </span>
              ),
            )
          : null}
        <Button variant="outline" size="sm" disabled={!canNext} onClick={() => onPageChange(page)}>
          <span className={variant === 'full' ? 'sr-only sm:not-sr-only' : undefined}>{labels.next}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
        {variant === 'full' ? (
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={labels.last}
            title={labels.last}
            disabled={!canNext}
            onClick={() => onPageChange(pageCount - 1)}
          >
            <ChevronsRight aria-hidden="true" />
          </Button>
        ) : null}
      </nav>
    </div>
  );
}
