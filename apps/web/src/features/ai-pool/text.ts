/** The words of an HTML fragment (a post's content), without tags, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  if (!html) return '';
  // DOMParser builds an inert document: nothing in it runs or loads.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** JSON as people read it: two-space indents. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** Comma-separated text → trimmed items, empties dropped (doc2 §5). */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}
