import { useEffect, useState } from 'react';

type Navigate<S> = (options: { search: (prev: S) => S; replace: boolean }) => Promise<void>;

/**
 * The URL as a list screen's state: `setSearch` changes it (any change but paging starts at page 1),
 * and the search box is debounced into it; back/forward brings the box along.
 */
export function useListUrl<S extends { page?: number; search?: string }>(search: S, navigate: Navigate<S>) {
  const [searchText, setSearchText] = useState(String(search.search ?? ''));
  const setSearch = (patch: Partial<S>, keepPage = false) =>
    navigate({
      search: (prev) => ({ ...prev, ...(keepPage ? {} : { page: undefined }), ...patch }),
      replace: true,
    });

  useEffect(() => setSearchText(String(search.search ?? '')), [search.search]);
  useEffect(() => {
    const next = String(searchText).trim();
    if (next === String(search.search ?? '')) return;
    const timer = setTimeout(() => void setSearch({ search: next || undefined } as Partial<S>), 300);
    return () => clearTimeout(timer);
  });

  return { setSearch, searchText, setSearchText };
}
