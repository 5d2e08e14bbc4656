import { useEffect } from 'react';

export const APP_NAME = 'Blogfleet';

/** "Users · Blogfleet": the tab, history and bookmarks name the page, in the interface language. */
export function useDocumentTitle(page: string | undefined) {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_NAME}` : APP_NAME;
  }, [page]);
}
