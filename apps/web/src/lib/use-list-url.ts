import type { Pagination } from '@blogfleet/validators';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import { useDebouncedUrlText } from './use-debounced-url-text';

type Navigate<S> = (options: { search: (prev: S) => S; replace: boolean }) => Promise<void>;

interface ListUrlState {
  page?: number;
  limit?: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** The DataTable props of a server-side list whose paging and sorting live in the URL. */
export interface ListTableProps {
  manualPagination: true;
  manualSorting: true;
  sorting: SortingState;
  onSortingChange(next: SortingState): void;
  pagination: PaginationState;
  onPaginationChange(next: PaginationState): void;
  pageCount: number;
  rowCount: number | undefined;
}

/**
 * The URL as a list screen's state: `setSearch` changes it (any change but paging starts at page 1),
 * and the search box is debounced into it; back/forward brings the box along. `tableProps` binds a
 * DataTable's sorting and paging to the same URL.
 */
export function useListUrl<S extends ListUrlState>(search: S, navigate: Navigate<S>) {
  const setSearch = (patch: Partial<S>, keepPage = false) =>
    navigate({
      search: (prev) => ({ ...prev, ...(keepPage ? {} : { page: undefined }), ...patch }),
      replace: true,
    });
  const [searchText, setSearchText] = useDebouncedUrlText(
    String(search.search ?? ''),
    (next) => void setSearch({ search: next || undefined } as Partial<S>),
  );

  /** `query` is the list call's input (its defaults filled in); `pagination` the answer's, once loaded. */
  const tableProps = (
    query: Omit<ListUrlState, 'search'> & { limit: number },
    pagination: Pick<Pagination, 'total' | 'totalPages'> | undefined,
  ): ListTableProps => {
    const sorting: SortingState = [{ id: query.sort ?? 'created_at', desc: query.order !== 'asc' }];
    const paging: PaginationState = { pageIndex: (query.page ?? 1) - 1, pageSize: query.limit };
    return {
      manualPagination: true,
      manualSorting: true,
      sorting,
      onSortingChange: (next) => {
        const first = next[0];
        void setSearch({
          sort: first?.id,
          order: first ? (first.desc ? 'desc' : 'asc') : undefined,
        } as Partial<S>);
      },
      pagination: paging,
      onPaginationChange: (next) =>
        void setSearch(
          { page: next.pageIndex > 0 ? next.pageIndex + 1 : undefined, limit: next.pageSize } as Partial<S>,
          next.pageSize === query.limit,
        ),
      pageCount: pagination?.totalPages ?? -1,
      rowCount: pagination?.total,
    };
  };

  return { setSearch, searchText, setSearchText, tableProps };
}
