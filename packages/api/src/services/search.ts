/** Escapes LIKE wildcards so a search for "50%" matches that text literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
